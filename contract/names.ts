// What a name may hold (issue #45, point 5). No zod: the mail code reads it too.

/**
 * Control characters (U+0000–U+001F, U+007F) and bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069): none belongs in a name, and in an email subject or on a screen they forge lines
 * (`\r\nBcc:`) or reverse what a reader sees.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
export const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

export const hasUnsafeCharacters = (text: string) => text.search(UNSAFE_NAME_CHARACTERS) !== -1;

/** A name stored before names were checked, made safe to show in one line: each such character a space. */
export const withoutUnsafeCharacters = (text: string) => text.replace(UNSAFE_NAME_CHARACTERS, " ");
