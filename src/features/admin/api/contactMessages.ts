// Contact messages for the dashboard's Messages panel (the API creates them, admins read them and set
// `handled`, nothing else: docs/security.md). Newest first, in pages that move with Firestore cursors.
import {
  collection,
  doc,
  documentId,
  getCount,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  updateDoc,
  where,
  type FirestoreDataConverter,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { isoDate } from '../../../../domain/dates';
import { cursorAt, newestFirstPage, type PageCursor } from '../../../../domain/paging';
import { toAppError } from '../../../lib/errors';
import { getDb } from '../../../lib/firebase';

export const messagesPageSize = 20;

export type MessageFilter = 'unhandled' | 'all';

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** ISO date, '' when the message has none. */
  createdAt: string;
  handled: boolean;
  /** Where the next page starts when this message is the last one shown. */
  cursor: PageCursor;
}

export interface MessagesPage {
  messages: ContactMessage[];
  /** Where the next page starts, or null on the last page. */
  next: PageCursor | null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

const messageConverter: FirestoreDataConverter<ContactMessage> = {
  toFirestore(message) {
    return message;
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): ContactMessage {
    const data = snapshot.data();
    return {
      id: snapshot.id,
      name: text(data.name),
      email: text(data.email),
      phone: text(data.phone),
      message: text(data.message),
      createdAt: isoDate(data.createdAt, ''),
      handled: data.handled === true,
      cursor: cursorAt(data.createdAt, snapshot.id) ?? { seconds: 0, nanoseconds: 0, id: snapshot.id },
    };
  },
};

const messages = () => collection(getDb(), 'contactMessages').withConverter(messageConverter);

async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}

// 'unhandled' uses the composite index handled + createdAt desc in firestore.indexes.json; messages
// stored before `handled` existed have no such field, so they show under 'all' only.
export function fetchMessagesPage(filter: MessageFilter, after: PageCursor | null): Promise<MessagesPage> {
  return mapped(async () => {
    const constraints: QueryConstraint[] = [
      ...(filter === 'unhandled' ? [where('handled', '==', false)] : []),
      orderBy('createdAt', 'desc'),
      orderBy(documentId(), 'desc'),
    ];
    if (after) constraints.push(startAfter(new Timestamp(after.seconds, after.nanoseconds), after.id));
    // One more than a page tells whether there is a next one without a second query.
    const snapshot = await getDocs(query(messages(), ...constraints, limit(messagesPageSize + 1)));
    const page = newestFirstPage(
      snapshot.docs.map((d) => d.data()),
      messagesPageSize,
      (message) => message.cursor,
      { lookahead: true },
    );
    return { messages: page.items, next: page.next };
  });
}

/** An aggregation: the count is computed by Firestore, no message is read. */
export function countUnhandledMessages(): Promise<number> {
  return mapped(async () => (await getCount(query(messages(), where('handled', '==', false)))).data().count);
}

/** The rules let an admin change `handled` and nothing else. */
export function setMessageHandled(messageId: string, handled: boolean): Promise<void> {
  return mapped(async () => updateDoc(doc(getDb(), 'contactMessages', messageId), { handled }));
}
