export { StripeFake, TEST_CARDS, deliverHttp, parseForm, type StripeFakeOptions } from './server.ts';
export { STAND_IN_JS } from './stand-in.ts';
