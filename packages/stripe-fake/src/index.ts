export { StripeFake, TEST_CARDS, deliverHttp, parseForm, type StripeFakeOptions } from './server.ts';
export { STAND_IN_JS } from './stand-in.ts';
export { STRIPE_TOLERANCE_S, stripeClientFor, verifyStripeEvent, type StripeConnection, type VerifiedEvent } from './sdk.ts';
