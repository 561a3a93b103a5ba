// The E-mails view's draft and its actions (docs/emails.md): every action saves the draft first, so a
// test copy or a send is always of the text on screen; each says what it did, or why not, in words.
import { useState } from 'react';
import { lagosDateTimeInput, lagosInputToIso } from '../../../../domain/lagosDates';
import { everyBuyer, type MailingAudience } from '../../../../domain/mailings';
import { confirmAction } from '../../../lib/alerts';
import { toAppError } from '../../../lib/errors';
import {
  useCountRecipientsQuery,
  useLazyGetMailingQuery,
  useSaveMailingMutation,
  useSendMailingMutation,
  useSendTestMailingMutation,
} from '../api/mailingsApi';

export type Outcome = { ok: boolean; text: string } | null;

export const buyers = (count: number) => (count === 1 ? '1 buyer' : `${count.toLocaleString('en-GB')} buyers`);

export function useMailingComposer() {
  const [draftId, setDraftId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<MailingAudience>(everyBuyer);
  const [sendAt, setSendAt] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const count = useCountRecipientsQuery(audience);
  const [save, saving] = useSaveMailingMutation();
  const [sendTest, testing] = useSendTestMailingMutation();
  const [send, sending] = useSendMailingMutation();
  const [fetchMailing, opening] = useLazyGetMailingQuery();
  const busy = saving.isLoading || testing.isLoading || sending.isLoading || opening.isFetching;

  const fail = (what: string, error: unknown) =>
    setOutcome({ ok: false, text: `${what} ${toAppError(error).message}` });

  /** Saves the draft (created the first time); its id, or null once the refusal is on screen. */
  const saveDraft = async (): Promise<string | null> => {
    const result = await save({ id: draftId, draft: { subject, body, audience } });
    if ('error' in result) {
      fail('The e-mail was not saved.', result.error);
      return null;
    }
    setDraftId(result.data);
    return result.data;
  };

  const onSave = async () => {
    const saved = await saveDraft();
    if (saved) setOutcome({ ok: true, text: `Draft saved: “${subject.trim()}”.` });
  };

  const onTest = async () => {
    const saved = await saveDraft();
    if (!saved) return;
    const result = await sendTest(saved);
    if ('error' in result) fail('The test was not sent.', result.error);
    else setOutcome({ ok: true, text: result.data });
  };

  /** Empties the form for a new e-mail; the one being edited stays saved as it was. */
  const startNew = () => {
    setDraftId(null);
    setSubject('');
    setBody('');
    setAudience(everyBuyer);
    setSendAt('');
  };

  /** Loads a draft or scheduled e-mail into the form; false when it cannot be edited. */
  const onOpen = async (id: string): Promise<boolean> => {
    const result = await fetchMailing(id);
    if (result.error !== undefined || !result.data) {
      fail('The e-mail could not be opened.', result.error);
      return false;
    }
    const mailing = result.data;
    if (mailing.status !== 'draft' && mailing.status !== 'scheduled') {
      setOutcome({ ok: false, text: 'This e-mail is already being sent and can no longer be changed.' });
      return false;
    }
    setDraftId(mailing.id);
    setSubject(mailing.subject);
    setBody(mailing.body);
    setAudience(mailing.audience);
    const at = mailing.status === 'scheduled' ? lagosDateTimeInput(mailing.scheduledAt) : '';
    setSendAt(at);
    setOutcome({
      ok: true,
      text: at
        ? `Editing “${mailing.subject}”, due ${at.replace('T', ' ')} (Lagos time). Saving it makes it a draft again until you send or schedule it.`
        : `Editing the draft “${mailing.subject}”.`,
    });
    return true;
  };

  const onSend = async (at: string | null) => {
    if (at !== null && lagosInputToIso(at) === null) {
      setOutcome({ ok: false, text: 'Choose the day and time to send, in Lagos time.' });
      return;
    }
    // The count of the audience on screen, never the last one while the new one is being counted.
    const recipients = count.currentData;
    const who = recipients === undefined ? 'the buyers chosen' : buyers(recipients);
    const confirmed = await confirmAction(
      at ? `Send to ${who} at ${at.replace('T', ' ')} (Lagos time)?` : `Send to ${who} now?`,
      'Once sending starts the e-mail can no longer be changed.',
      at ? 'Yes, schedule it' : 'Yes, send it',
    );
    if (!confirmed) return;
    const saved = await saveDraft();
    if (!saved) return;
    const result = await send({ id: saved, at });
    if ('error' in result) {
      fail('The e-mail was not sent.', result.error);
      return;
    }
    setOutcome({
      ok: true,
      text: at
        ? `“${subject.trim()}” will be sent at ${at.replace('T', ' ')} (Lagos time).`
        : `“${subject.trim()}” is being sent to ${who}.`,
    });
    startNew();
  };

  return {
    subject,
    setSubject,
    body,
    setBody,
    audience,
    setAudience,
    sendAt,
    setSendAt,
    outcome,
    count,
    busy,
    onSave,
    onTest,
    onSend,
    onOpen,
    editing: draftId !== null,
    startNew: () => {
      startNew();
      setOutcome(null);
    },
  };
}
