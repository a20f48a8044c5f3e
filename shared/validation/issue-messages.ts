import { z } from 'zod';

// The words of every problem zod finds that a schema did not word itself. Schemas give their
// own messages (the spec's, and "id must be a whole number from 1 to …"); where one did not
// (a union with no match, a field missing, an unknown enum value), zod's defaults ("Invalid
// input: expected nonoptional, received undefined") reached clients (issue 25). This map
// names the field and says what it takes, for every issue code. Installed once per process
// as zod's custom error map (useReadableIssueMessages), it stands behind every parse.

type Issue = z.core.$ZodRawIssue;
/** A problem as zod reports it, raw (to the error map) or finalised (a union's branches). */
type AnyIssue = Issue | z.core.$ZodIssue;

/** How a path reads in a message: `data.items[0].guid`. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`)).join('');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  map: 'an object',
  date: 'a date',
  null: 'null',
  undefined: 'left out',
  never: 'left out',
  file: 'a file',
  nan: 'NaN',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address',
  uuid: 'a UUID',
  guid: 'a UUID',
  url: 'a URL',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM)',
  lowercase: 'lower-case text',
  uppercase: 'upper-case text',
  base64: 'base64 text',
  base64url: 'base64url text',
};

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

function limit(issue: { origin: string; exact?: boolean; inclusive?: boolean }, bound: number | bigint, more: boolean): string {
  const at = issue.exact ? 'exactly' : issue.inclusive === false ? (more ? 'more than' : 'less than') : more ? 'at least' : 'at most';
  switch (issue.origin) {
    case 'string':
      return `must be ${at} ${bound} characters long`;
    case 'array':
    case 'set':
      return `must have ${at} ${bound} items`;
    case 'file':
      return `must be ${at} ${bound} bytes`;
    case 'date':
      return `must be ${more ? 'on or after' : 'on or before'} ${new Date(Number(bound)).toISOString()}`;
    default:
      return `must be ${at} ${bound}`;
  }
}

/**
 * What the field must be, as the rest of a sentence whose subject is the field. A union's
 * branch problems come finalised, without their input: there a missing value is not told apart.
 */
function predicate(issue: AnyIssue, finalised = false): string {
  switch (issue.code) {
    case 'invalid_type':
      if (!finalised && issue.input === undefined) return 'is required';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return limit(issue, issue.maximum, false);
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1 && !issue.exact ? 'must not be empty' : limit(issue, issue.minimum, true);
    case 'invalid_format': {
      const format = issue as z.core.$ZodStringFormatIssues;
      if (format.format === 'regex') return `must match the pattern ${format.pattern}`;
      if (format.format === 'starts_with') return `must start with ${quoted(format.prefix)}`;
      if (format.format === 'ends_with') return `must end with ${quoted(format.suffix)}`;
      if (format.format === 'includes') return `must contain ${quoted(format.includes)}`;
      return `must be ${FORMAT_WORDS[format.format] ?? `in the ${format.format} format`}`;
    }
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has fields this call does not take (${issue.keys.join(', ')}): leave them out`;
    case 'invalid_union': {
      // The forms the branches take, each by its first problem.
      const forms = issue.errors.flatMap((branch) => (branch[0] ? [`${branch[0].path.length ? `${fieldName(branch[0].path)} ` : ''}${predicate(branch[0], true)}`] : []));
      return forms.length ? `${[...new Set(forms)].join(', or ')}` : 'matches more than one form: send exactly one';
    }
    case 'invalid_key':
      // The path ends with the key itself.
      return 'is not a key this call takes';
    case 'invalid_element':
      return 'has an item this call does not take';
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${quoted(issue.values[0])}` : `must be one of ${issue.values.map(quoted).join(', ')}`;
    case 'custom':
      return 'is not valid here';
  }
}

/** A message that names the field (with no path, the request as a whole) and says what it takes. */
export function readableIssue(issue: Issue): string {
  const path = issue.path ?? [];
  if (path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object') return 'The request body must be a JSON object with the fields of this call.';
  return `${path.length ? fieldName(path) : 'the request'} ${predicate(issue)}`;
}

/** Every parse in this process words its problems with readableIssue where its schema did not. */
export function useReadableIssueMessages(): void {
  z.config({ customError: readableIssue });
}
