// The contact form's work (docs/storefront.md, 'Pages'): keep the message, then tell the seller by
// e-mail.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { ContactMessage } from './contactSchema';
import { contactMessagesCollection } from '../lib/collections';

export interface ContactServiceDeps {
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  logError: (message: string, error: unknown) => void;
}

export interface ContactReceipt {
  id: string;
  sellerNotified: boolean;
}

export interface ContactService {
  /** Stores the message and notifies the seller. Rejects only when the message could not be stored. */
  submit(message: ContactMessage): Promise<ContactReceipt>;
}

export function sellerNotice(message: ContactMessage, storeName: string): { subject: string; text: string } {
  return {
    subject: `New message from ${message.name} — ${storeName}`,
    text: [
      `${message.name} sent a message through the ${storeName} contact form.`,
      '',
      `Name: ${message.name}`,
      `Email: ${message.email}`,
      `Phone: ${message.phone}`,
      '',
      'Message:',
      message.message,
      '',
      `Reply to this e-mail to answer ${message.name} directly.`,
    ].join('\n'),
  };
}

export function createContactService({ config, db, mailer, logError }: ContactServiceDeps): ContactService {
  return {
    async submit(message) {
      const stored = await db.collection(contactMessagesCollection).add({
        name: message.name,
        email: message.email,
        phone: message.phone,
        message: message.message,
        createdAt: FieldValue.serverTimestamp(),
        // Stored explicitly: the dashboard counts and lists `handled == false`, and Firestore's
        // equality filter never matches a document that lacks the field.
        handled: false,
      });

      // Once stored, the message is safe: the seller also reads contactMessages in the dashboard.
      // A mail failure therefore does not fail the request (the visitor would only send it again
      // and create a duplicate); it is logged so a broken SMTP setup gets noticed.
      const notice = sellerNotice(message, config.STORE_NAME);
      try {
        await mailer.sendMail({
          from: config.MAIL_FROM,
          to: config.SELLER_EMAIL,
          // An address object lets nodemailer encode the visitor's name safely in the header.
          replyTo: { name: message.name, address: message.email },
          subject: notice.subject,
          text: notice.text,
        });
        return { id: stored.id, sellerNotified: true };
      } catch (error) {
        logError(`Contact message ${stored.id} was stored but the seller e-mail failed`, error);
        return { id: stored.id, sellerNotified: false };
      }
    },
  };
}
