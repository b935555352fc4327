/**
 * A form field's error as a sentence that names the field (WCAG 2.2 SC 3.3.1: an error
 * identified in text; SC 3.3.3: suggest the correction). The services' messages are phrases that
 * follow a field's name (src/lib/issue-messages.ts): "is required" under "Title" alone reads as a
 * fragment to a screen reader landing on it from the summary, and the same words serve the summary
 * and the line under the field. A message already worded as a sentence (capitalised) is kept.
 */
export function fieldSentence(name: string, message: string): string {
  const text = message.trim().replace(/[.!?]$/, '');
  if (!/^[a-z]/.test(text)) return `${text}.`;
  // "is required", "must be 1970 or more": the phrase follows the name as its predicate.
  if (/^(is|are|must|has|have|cannot|can|does|should|needs?|was|were) /.test(text)) return `${name} ${text}.`;
  // "line 2 (url): must be a URL", "term 3: …": a part of a list field; anything else follows a colon.
  return `${name}${/^(line|term) \d/.test(text) ? ', ' : ': '}${text}.`;
}
