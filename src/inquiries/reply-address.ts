import { domainToASCII } from 'node:url';
import { z } from 'zod';

/**
 * An inquiry's reply address: zod's email rule, with internationalised domain names (RFC 5890)
 * taken by their ASCII form, so `zoe@exämple.com` is accepted (nodemailer sends to it as
 * punycode). The local part stays ASCII: one in Unicode (RFC 6531) needs SMTPUTF8 from every
 * relay, and the owners' notification, which names the sender in Reply-To, must not depend on it.
 * Checked in code, not by a published pattern: `\p{L}` in a JSON Schema pattern breaks clients
 * whose regex engines lack Unicode classes.
 */
export function isReplyAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = value.slice(at + 1);
  const ascii = /^[\x21-\x7e]*$/.test(domain) ? domain : domainToASCII(domain);
  return ascii !== '' && z.regexes.email.test(`${value.slice(0, at)}@${ascii}`);
}
