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

const isMessage = (value: unknown): value is Message => typeof value === 'object' && value !== null && typeof (value as Message).id === 'string';

/** The wording in the translator's language; a value that is a Message (a field's label) is worded first. */
export function say(t: Translate, wording: Wording): string {
  if (typeof wording === 'string') return wording;
  const values = wording.values && Object.fromEntries(Object.entries(wording.values).map(([name, value]) => [name, isMessage(value) ? say(t, value) : value]));
  return t(wording.id, values);
}

// A zod issue carries a Message in `params` (zodIssue); where a schema can only give zod a
// string (a type's error, a refine), the id is that string and is remembered here (zodMessage).
// Ids are told apart by what we raised, never by their look: the build shortens every id in
// the bundles (decision 0080).
const plainIds = new Set<string>();

/** The fields of a zod issue that say `wording`, for a custom issue (`ctx.issues.push`). */
export function zodIssue(wording: Message): { message: string; params: { message: Message } } {
  return { message: wording.id, params: { message: wording } };
}

/** `wording` (a message without values) as the string a schema gives zod, known as ours by issueWording. */
export function zodMessage(wording: Message): string {
  plainIds.add(wording.id);
  return wording.id;
}

/** What a zod issue says: one of our messages, or the words zod or a schema of another area gave. */
export function issueWording(issue: z.core.$ZodIssue): Wording {
  const raised = (issue as { params?: { message?: Message } }).params?.message;
  if (raised) return raised;
  return plainIds.has(issue.message) ? message(issue.message as MessageId) : issue.message;
}
