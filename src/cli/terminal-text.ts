/**
 * Text from outside (an inquiry's message, a mail server's reply) made safe to print on the
 * owner's terminal: C0 and C1 controls other than the line's own tab and newline, DEL, and the
 * bidirectional embeddings, overrides and isolates are shown as escapes (`\x1b`, `\u202e`), so
 * an anonymous sender cannot move the cursor, erase or recolour lines, set the window title or
 * write the clipboard (OSC 52), nor reorder what the owner reads (Unicode TR #36 §2.4, "Trojan
 * Source"). A CR before LF is a line end and goes. JSON and CSV output stay exact: they are data.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function terminalText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
