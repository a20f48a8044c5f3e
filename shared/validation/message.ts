import type { z } from 'zod';
import type { MessageId } from '../i18n/message-ids';
import type { MessageValues, Translate } from '../i18n/translator';

// Words for a person in no language yet (issue 29): a catalogue id and its values. The shared
// rules say which message applies; the browser words it with the page's translator, the api
// with the caller's (x-locale), so a rule and its message exist once for every language.
// Types and two small functions: nothing of a catalogue comes with this module.

export type Message = { readonly id: MessageId; readonly values?: MessageValues };

/** Text that is already words (an api answer, a message not moved to a catalogue yet) or a Message. */
export type Wording = string | Message;

export function message(id: MessageId, values?: MessageValues): Message {
  return values ? { id, values } : { id };
}

/** The wording in the translator's language. */
export function say(t: Translate, wording: Wording): string {
  return typeof wording === 'string' ? wording : t(wording.id, wording.values);
}

/** Ids of the areas whose rules raise zod issues: no readable zod message (a field's name, then words) looks like one. */
const FORMS_MESSAGE_ID = /^(?:forms|wishlist|looks|follows|alerts)\.[A-Za-z.]+$/;

/**
 * What a zod issue says: one of our messages (its id as the issue's message, its values in
 * `params`, as account-rules.ts raises them), or the words zod or a schema of another area gave.
 */
export function issueWording(issue: z.core.$ZodIssue): Wording {
  if (!FORMS_MESSAGE_ID.test(issue.message)) return issue.message;
  const values = (issue as { params?: { values?: MessageValues } }).params?.values;
  return message(issue.message as MessageId, values);
}

/** The fields of a zod issue that say `said`: a message's id as the message, its values in `params` (what issueWording reads). */
export function issueOf(said: Wording): { message: string; params?: { values: MessageValues } } {
  if (typeof said === 'string') return { message: said };
  return { message: said.id, ...(said.values ? { params: { values: said.values } } : {}) };
}
