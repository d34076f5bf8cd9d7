import { describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from './twilio-signature.ts';

describe('Twilio request signatures', () => {
  // The example of Twilio's security documentation (webhooks security, twilio-node's validateRequest sample).
  const token = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675310', Digits: '1234', From: '+14158675310', To: '+18005551212' };

  it('matches the documented example and refuses any change', () => {
    expect(twilioSignature(token, url, params)).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(validTwilioSignature(token, url, params, 'GvWf1cFY/Q7PnoempGyD5oXAezc=')).toBe(true);
    expect(validTwilioSignature(token, url, { ...params, Digits: '1235' }, 'GvWf1cFY/Q7PnoempGyD5oXAezc=')).toBe(false);
    expect(validTwilioSignature('other', url, params, 'GvWf1cFY/Q7PnoempGyD5oXAezc=')).toBe(false);
    expect(validTwilioSignature(token, url, params, undefined)).toBe(false);
  });
});
