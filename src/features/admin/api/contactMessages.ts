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
import { toAppError } from '../../../lib/errors';
import { getDb } from '../../../lib/firebase';

export const messagesPageSize = 20;

export type MessageFilter = 'unhandled' | 'all';

/**
 * Where a page ends: the last message's createdAt exactly as stored (seconds and nanoseconds, so no
 * message sharing its millisecond is skipped) and its id, which breaks ties.
 */
export interface MessageCursor {
  seconds: number;
  nanoseconds: number;
  id: string;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** ISO date, '' when the message has none. */
  createdAt: string;
  handled: boolean;
  cursor: MessageCursor;
}

export interface MessagesPage {
  messages: ContactMessage[];
  /** Where the next page starts, or null on the last page. */
  next: MessageCursor | null;
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
    const created = data.createdAt instanceof Timestamp ? data.createdAt : null;
    return {
      id: snapshot.id,
      name: text(data.name),
      email: text(data.email),
      phone: text(data.phone),
      message: text(data.message),
      createdAt: created ? created.toDate().toISOString() : '',
      handled: data.handled === true,
      cursor: { seconds: created?.seconds ?? 0, nanoseconds: created?.nanoseconds ?? 0, id: snapshot.id },
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
export function fetchMessagesPage(filter: MessageFilter, after: MessageCursor | null): Promise<MessagesPage> {
  return mapped(async () => {
    const constraints: QueryConstraint[] = [
      ...(filter === 'unhandled' ? [where('handled', '==', false)] : []),
      orderBy('createdAt', 'desc'),
      orderBy(documentId(), 'desc'),
    ];
    if (after) constraints.push(startAfter(new Timestamp(after.seconds, after.nanoseconds), after.id));
    // One more than a page tells whether there is a next one without a second query.
    const snapshot = await getDocs(query(messages(), ...constraints, limit(messagesPageSize + 1)));
    const page = snapshot.docs.slice(0, messagesPageSize).map((d) => d.data());
    const last = page[page.length - 1];
    return { messages: page, next: snapshot.docs.length > messagesPageSize && last ? last.cursor : null };
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
