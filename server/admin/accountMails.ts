// The admin account e-mails (docs/admin.md): the API, not Firebase Auth, mails the password reset
// and the address verification links, over the store's own SMTP and in the store's own layout. The
// Admin SDK makes each link; only its one-time code (`oobCode`) is kept, on a page of the store
// (/adminresetpassword, /adminverify), so no e-mail template of the Firebase console is involved.
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { paths } from '../../domain/routes';
import { passwordResetMail, verificationMail } from '../mail/accountMails';
import type { MailContent } from '../mail/orderMails';
import type { AccountActions } from './adminAuth';

export interface AccountMailDeps {
  auth: AccountActions;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'STORE_NAME' | 'PUBLIC_STORE_URL'>;
}

/** The account has no e-mail address to verify (one made with a phone or another provider). */
export class NoAddressError extends Error {
  override name = 'NoAddressError';
}

/** What asking for a verification e-mail came to. */
export type VerificationOutcome = { kind: 'sent'; email: string } | { kind: 'alreadyVerified'; email: string };

function authCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

const noSuchAccount = new Set(['auth/user-not-found', 'auth/email-not-found']);

/** The one-time code of an e-mail action link the Admin SDK made (its `oobCode` parameter). */
export function oobCodeOf(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error('Firebase Auth answered an e-mail action link without a code.');
  return code;
}

export function createAccountMails({ auth, mailer, config }: AccountMailDeps) {
  const origin = config.PUBLIC_STORE_URL.replace(/\/+$/, '');
  const storeLink = (path: string, actionLink: string) =>
    `${origin}${path}?oobCode=${encodeURIComponent(oobCodeOf(actionLink))}`;
  const send = (to: string, mail: MailContent) =>
    mailer.sendMail({ from: config.MAIL_FROM, to, subject: mail.subject, text: mail.text, html: mail.html });

  /**
   * Mails a reset link when an enabled account has this address; answers whether it did. The caller
   * answers alike either way: whether an address has an account is nobody's business.
   */
  const sendPasswordReset = async (email: string): Promise<boolean> => {
    let address: string;
    let actionLink: string;
    try {
      const user = await auth.getUserByEmail(email.trim());
      if (user.disabled || !user.email) return false;
      address = user.email;
      actionLink = await auth.generatePasswordResetLink(address);
    } catch (error) {
      // Also when the account went between the lookup and the link.
      if (noSuchAccount.has(authCode(error) ?? '')) return false;
      throw error;
    }
    await send(
      address,
      passwordResetMail({ link: storeLink(paths.adminResetPassword, actionLink), storeName: config.STORE_NAME }),
    );
    return true;
  };

  /** Mails the account `uid` a verification link, unless its address is verified already. */
  const sendVerification = async (uid: string): Promise<VerificationOutcome> => {
    const user = await auth.getUser(uid);
    if (!user.email) throw new NoAddressError();
    if (user.emailVerified) return { kind: 'alreadyVerified', email: user.email };
    const actionLink = await auth.generateEmailVerificationLink(user.email);
    await send(
      user.email,
      verificationMail({ link: storeLink(paths.adminVerify, actionLink), storeName: config.STORE_NAME }),
    );
    return { kind: 'sent', email: user.email };
  };

  return { sendPasswordReset, sendVerification };
}

export type AccountMails = ReturnType<typeof createAccountMails>;
