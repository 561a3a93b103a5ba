// Stand-in for src/features/admin/api/contactMessages.ts, the Messages panel's Firestore boundary,
// typed against the real module so a changed signature breaks the build here. Use it with
//   vi.mock('<path to>/src/features/admin/api/contactMessages', () => import('<path to>/contactMessages.mock'));
// The default answers come from an in-memory list that behaves like the real queries (newest first,
// pages of 20 after a cursor, the filter, the count), so paging and marking can be tested end to end.
import { vi } from 'vitest';
import type { PageCursor } from '../../domain/paging';
import type { ContactMessage } from '../../src/features/admin/api/contactMessages';

type Queries = typeof import('../../src/features/admin/api/contactMessages');

export const messagesPageSize = 20;
export const fetchMessagesPage = vi.fn<Queries['fetchMessagesPage']>();
export const countUnhandledMessages = vi.fn<Queries['countUnhandledMessages']>();
export const setMessageHandled = vi.fn<Queries['setMessageHandled']>();

const mock = { messagesPageSize, fetchMessagesPage, countUnhandledMessages, setMessageHandled } satisfies Queries;

/** A message received `minutesAgo` before 1 November 2026 12:00 UTC. */
export function buildMessage(n: number, overrides: Partial<ContactMessage> = {}): ContactMessage {
  const createdAt = new Date(Date.UTC(2026, 10, 1, 12, 0) - n * 60_000).toISOString();
  const id = `m${String(n).padStart(3, '0')}`;
  return {
    id,
    name: `Sender ${n}`,
    email: `sender${n}@example.com`,
    phone: '+234 803 123 4567',
    message: `Message number ${n}`,
    createdAt,
    handled: false,
    cursor: { seconds: Date.parse(createdAt) / 1000, nanoseconds: 0, id },
    ...overrides,
  };
}

/** The stored messages the default answers read (newest first) and the handled toggle changes. */
export let storedMessages: ContactMessage[] = [];

const isAfter = (message: ContactMessage, cursor: PageCursor) =>
  message.cursor.seconds < cursor.seconds || (message.cursor.seconds === cursor.seconds && message.id < cursor.id);

/** Forgets calls and answers from `messages` as the real module answers from Firestore. */
export function resetContactMessages(messages: ContactMessage[] = []) {
  storedMessages = messages.map((message) => ({ ...message }));
  for (const fn of [mock.fetchMessagesPage, mock.countUnhandledMessages, mock.setMessageHandled]) fn.mockReset();
  fetchMessagesPage.mockImplementation(async (filter, after) => {
    const matching = storedMessages
      .filter((message) => filter === 'all' || !message.handled)
      .filter((message) => !after || isAfter(message, after));
    const page = matching.slice(0, messagesPageSize);
    const last = page[page.length - 1];
    return { messages: page, next: matching.length > messagesPageSize && last ? last.cursor : null };
  });
  countUnhandledMessages.mockImplementation(async () => storedMessages.filter((message) => !message.handled).length);
  setMessageHandled.mockImplementation(async (id, handled) => {
    storedMessages = storedMessages.map((message) => (message.id === id ? { ...message, handled } : message));
  });
}
