import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { STAND_IN_JS } from './stand-in.ts';

/**
 * A local stand-in for exactly the Stripe API the apps use (issue 19): customers, SetupIntents,
 * PaymentMethods (create, attach, detach, list), PaymentIntents (create/confirm, with idempotency
 * keys; a succeeded one has a Charge, `latest_charge`), Refunds (full or partial, of a payment
 * intent's or a charge's money, never more than is left: each emits `charge.refunded` with the
 * charge's `amount_refunded` and refunds, and `refund.created`), webhook endpoints (secrets rotate: events carry a signature per live secret), and signed
 * events POSTed to the endpoints with retries. Stripe's test cards behave as documented:
 * 4242… succeeds, 4000000000000002 is declined, 4000002500003155 needs authentication,
 * 4000000000000341 attaches and then declines every charge. State is JSON under `dataDir`.
 *
 * Keys: any `sk_test_<suffix>` is an account; `pk_test_<suffix>` is its publishable key. A key
 * containing `invalid` is refused (a revoked key).
 */

type Obj = Record<string, any>;

interface Account {
  customers: Record<string, Obj>;
  payment_methods: Record<string, Obj & { _number?: string }>;
  setup_intents: Record<string, Obj>;
  payment_intents: Record<string, Obj>;
  /** Added with refunds: state files written before have none (created on first use). */
  charges?: Record<string, Obj>;
  refunds?: Record<string, Obj>;
  webhook_endpoints: Record<string, Obj & { _secrets: string[] }>;
  events: Obj[];
  idempotency: Record<string, { status: number; body: Obj }>;
}

export interface StripeFakeOptions {
  /** State lives in `<dataDir>/stripe-fake/state.json`; none: memory only. */
  dataDir?: string;
  /** Delays (ms) before each re-delivery of an event an endpoint did not take (default 1 s, 5 s, 30 s, 2 min, 10 min). */
  retryDelays?: number[];
  /** Overrides how an event reaches an endpoint (tests); answers the HTTP status. */
  deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
  /** Seconds since the epoch (tests move time). */
  now?: () => number;
}

export const TEST_CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
  chargeDeclined: '4000000000000341',
} as const;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

class ApiError extends Error {
  constructor(
    public status: number,
    public body: Obj,
  ) {
    super(body.message);
  }
}
const fail = (status: number, type: string, message: string, extra: Obj = {}) => new ApiError(status, { type, message, ...extra });
const missing = (what: string, value: string) =>
  fail(404, 'invalid_request_error', `No such ${what}: '${value}'`, { code: 'resource_missing', param: 'id' });

/** `a[b][c]=1` form bodies (as the stripe SDK sends them) to nested objects; `a[0]` lists. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const keys = k.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let cur: any = out;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const next = keys[i + 1];
      if (last) cur[key] = v;
      else cur = cur[key] ??= next !== undefined && /^\d+$/.test(next) ? [] : {};
    });
  }
  return out;
}

function behaviourOf(number: string): 'ok' | 'declined' | 'authentication' | 'charge_declined' {
  if (number === TEST_CARDS.declined) return 'declined';
  if (number === TEST_CARDS.authentication) return 'authentication';
  if (number === TEST_CARDS.chargeDeclined) return 'charge_declined';
  return 'ok';
}

const brandOf = (n: string) => (n.startsWith('4') ? 'visa' : /^5[1-5]/.test(n) ? 'mastercard' : /^3[47]/.test(n) ? 'amex' : 'unknown');

function luhn(n: string): boolean {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The public view of a payment method: never the number. */
const publicPm = (pm: Obj) => Object.fromEntries(Object.entries(pm).filter(([k]) => !k.startsWith('_')));
const publicEndpoint = (e: Obj) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('_')));

export class StripeFake {
  private accounts: Record<string, Account> = {};
  private file: string | null;
  private saving: NodeJS.Timeout | null = null;
  private server: http.Server | null = null;
  private pending = new Set<Promise<unknown>>();
  private timers = new Set<NodeJS.Timeout>();
  private readonly now: () => number;
  private lastCreated = 0;
  readonly signer = new Stripe('sk_test_signer');

  constructor(private opts: StripeFakeOptions = {}) {
    this.now = opts.now ?? (() => Math.floor(Date.now() / 1000));
    this.file = opts.dataDir ? path.join(opts.dataDir, 'stripe-fake', 'state.json') : null;
    if (this.file && fs.existsSync(this.file)) this.accounts = JSON.parse(fs.readFileSync(this.file, 'utf8'));
  }

  /** Listens on 127.0.0.1 (port 0: any free one); answers the port. */
  async listen(port = 0): Promise<number> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }

  /** Waits for deliveries in flight (not scheduled retries). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    await this.settle();
    this.flush();
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private flush() {
    if (this.saving) clearTimeout(this.saving);
    this.saving = null;
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(`${this.file}.tmp`, JSON.stringify(this.accounts));
    fs.renameSync(`${this.file}.tmp`, this.file);
  }

  private changed() {
    if (this.file && !this.saving) this.saving = setTimeout(() => this.flush(), 200);
  }

  private account(key: string | undefined, publishable: boolean): Account {
    const m = /^(sk|pk|rk)_(test|live)_(\w{4,})$/.exec(key ?? '');
    if (!m || key!.includes('invalid') || (m[1] === 'pk') !== publishable)
      throw fail(401, 'invalid_request_error', `Invalid API Key provided: ${(key ?? '').slice(0, 12)}***`);
    const name = `${m[2]}_${m[3]}`;
    return (this.accounts[name] ??= {
      customers: {},
      payment_methods: {},
      setup_intents: {},
      payment_intents: {},
      webhook_endpoints: {},
      events: [],
      idempotency: {},
    });
  }

  /** Node's http handler: the Stripe API under /v1 and the Stripe.js stand-in at /v3.js. */
  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const r = await this.request(req.method ?? 'GET', url.pathname, url.search, Buffer.concat(chunks).toString('utf8'), req.headers);
    res.writeHead(r.status, { 'content-type': r.type, 'access-control-allow-origin': '*', 'request-id': id('req') });
    res.end(r.body);
  }

  /** One API call (also used in-process by the apps' dev proxy). */
  async request(
    method: string,
    pathname: string,
    search: string,
    body: string,
    headers: http.IncomingHttpHeaders,
  ): Promise<{ status: number; type: string; body: string }> {
    if (pathname.endsWith('/v3.js')) return { status: 200, type: 'text/javascript; charset=utf-8', body: STAND_IN_JS };
    try {
      const auth = String(headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const params = { ...Object.fromEntries(new URLSearchParams(search)), ...parseForm(body) };
      const idem = headers['idempotency-key'] ? String(headers['idempotency-key']) : null;
      const out = this.route(method, pathname, params, auth, idem);
      this.changed();
      return { status: 200, type: 'application/json', body: JSON.stringify(out) };
    } catch (e) {
      if (e instanceof ApiError) return { status: e.status, type: 'application/json', body: JSON.stringify({ error: e.body }) };
      return { status: 500, type: 'application/json', body: JSON.stringify({ error: { type: 'api_error', message: String(e) } }) };
    }
  }

  private route(method: string, p: string, params: Obj, key: string, idem: string | null): Obj {
    const seg = p.replace(/^\/v1\//, '').split('/');
    const pub = key.startsWith('pk_');
    const acct = this.account(key, pub);
    // Publishable keys reach only what Stripe.js calls.
    const browser =
      (method === 'POST' && seg[0] === 'payment_methods' && seg.length === 1) ||
      (method === 'POST' && (seg[0] === 'setup_intents' || seg[0] === 'payment_intents') && ['confirm', 'authenticate'].includes(seg[2] ?? ''));
    if (pub && !browser) throw fail(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key.');
    if (method === 'POST' && idem) {
      const k = `${p}:${idem}`;
      const seen = acct.idempotency[k];
      if (seen) {
        if (seen.status !== 200) throw new ApiError(seen.status, seen.body);
        return seen.body;
      }
      try {
        const out = this.dispatch(acct, method, seg, params, pub);
        acct.idempotency[k] = { status: 200, body: out };
        return out;
      } catch (e) {
        if (e instanceof ApiError && e.status === 402) acct.idempotency[k] = { status: e.status, body: e.body };
        throw e;
      }
    }
    return this.dispatch(acct, method, seg, params, pub);
  }

  private dispatch(a: Account, method: string, seg: string[], q: Obj, pub: boolean): Obj {
    const [kind, oid, action] = seg;
    const list = (data: Obj[]) => ({ object: 'list', data, has_more: false, url: `/v1/${kind}` });
    switch (`${method} ${kind}${oid ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'GET account':
        return { id: `acct_${seg.join('')}fake`, object: 'account', charges_enabled: true, country: 'US', default_currency: 'usd' };
      case 'POST customers': {
        const c = { id: id('cus'), object: 'customer', email: q.email ?? null, name: q.name ?? null, metadata: q.metadata ?? {},
          invoice_settings: { default_payment_method: null }, created: this.now() };
        a.customers[c.id] = c;
        this.emit(a, 'customer.created', c);
        return c;
      }
      case 'GET customers/:id':
        return a.customers[oid!] ?? (() => { throw missing('customer', oid!); })();
      case 'POST customers/:id': {
        const c = a.customers[oid!];
        if (!c) throw missing('customer', oid!);
        const pm = q.invoice_settings?.default_payment_method;
        if (pm !== undefined) {
          if (pm && a.payment_methods[pm]?.customer !== c.id) throw fail(400, 'invalid_request_error', 'The payment method is not attached to this customer.', { param: 'invoice_settings[default_payment_method]' });
          c.invoice_settings = { default_payment_method: pm || null };
        }
        if (q.email !== undefined) c.email = q.email;
        if (q.metadata) c.metadata = { ...c.metadata, ...q.metadata };
        this.emit(a, 'customer.updated', c);
        return c;
      }
      case 'POST payment_methods': {
        const card = q.card ?? {};
        const number = String(card.number ?? '').replace(/\s+/g, '');
        if (!/^\d{13,19}$/.test(number) || !luhn(number)) throw fail(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number', param: 'card[number]' });
        const month = Number(card.exp_month);
        let year = Number(card.exp_year);
        if (year < 100) year += 2000;
        const nowDate = new Date(this.now() * 1000);
        if (!(month >= 1 && month <= 12) || year * 12 + month < nowDate.getUTCFullYear() * 12 + nowDate.getUTCMonth() + 1)
          throw fail(402, 'card_error', "Your card's expiration date is incomplete or in the past.", { code: 'invalid_expiry_month', param: 'card[exp_month]' });
        if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) throw fail(402, 'card_error', "Your card's security code is incomplete.", { code: 'incomplete_cvc', param: 'card[cvc]' });
        const pm = { id: id('pm'), object: 'payment_method', type: 'card', customer: null,
          card: { brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year, funding: 'credit' },
          created: this.now(), _behaviour: behaviourOf(number) };
        a.payment_methods[pm.id] = pm;
        return publicPm(pm);
      }
      case 'GET payment_methods':
        return list(Object.values(a.payment_methods).filter((m) => m.customer === q.customer && m.customer).map(publicPm));
      case 'GET payment_methods/:id':
        return publicPm(a.payment_methods[oid!] ?? (() => { throw missing('payment_method', oid!); })());
      case 'POST payment_methods/:id/attach':
        return publicPm(this.attach(a, oid!, q.customer));
      case 'POST payment_methods/:id/detach': {
        const pm = a.payment_methods[oid!];
        if (!pm) throw missing('payment_method', oid!);
        const was = pm.customer;
        pm.customer = null;
        const c = was && a.customers[was];
        if (c && c.invoice_settings.default_payment_method === pm.id) c.invoice_settings.default_payment_method = null;
        this.emit(a, 'payment_method.detached', publicPm(pm), { customer: was });
        return publicPm(pm);
      }
      case 'POST setup_intents': {
        if (q.customer && !a.customers[q.customer]) throw missing('customer', q.customer);
        const si = { id: id('seti'), object: 'setup_intent', customer: q.customer ?? null, status: 'requires_payment_method',
          payment_method: null, usage: q.usage ?? 'off_session', metadata: q.metadata ?? {}, created: this.now(), next_action: null, last_setup_error: null };
        Object.assign(si, { client_secret: `${si.id}_secret_${randomBytes(8).toString('hex')}` });
        a.setup_intents[si.id] = si;
        return si;
      }
      case 'GET setup_intents/:id':
        return a.setup_intents[oid!] ?? (() => { throw missing('setup_intent', oid!); })();
      case 'POST setup_intents/:id/confirm':
        return this.confirmSetup(a, oid!, q, pub);
      case 'POST setup_intents/:id/authenticate': {
        const si = this.intent(a.setup_intents, oid!, q, pub, 'setup_intent');
        if (si.status !== 'requires_action') return si;
        si.status = 'succeeded';
        si.next_action = null;
        this.attach(a, si.payment_method, si.customer);
        this.emit(a, 'setup_intent.succeeded', si);
        return si;
      }
      case 'POST payment_intents':
        return this.createPaymentIntent(a, q);
      case 'GET payment_intents':
        return list(Object.values(a.payment_intents).filter((i) => !q.customer || i.customer === q.customer));
      case 'GET payment_intents/:id':
        return a.payment_intents[oid!] ?? (() => { throw missing('payment_intent', oid!); })();
      case 'POST payment_intents/:id/confirm': {
        const pi = this.intent(a.payment_intents, oid!, q, pub, 'payment_intent');
        if (q.payment_method) pi.payment_method = q.payment_method;
        return this.charge(a, pi, q.off_session === 'true');
      }
      case 'POST payment_intents/:id/authenticate': {
        const pi = this.intent(a.payment_intents, oid!, q, pub, 'payment_intent');
        if (pi.status !== 'requires_action') return pi;
        return this.settleCharge(a, pi, true);
      }
      case 'GET charges/:id':
        return (a.charges ??= {})[oid!] ?? (() => { throw missing('charge', oid!); })();
      case 'POST refunds':
        return this.refund(a, q);
      case 'GET refunds/:id':
        return (a.refunds ??= {})[oid!] ?? (() => { throw missing('refund', oid!); })();
      case 'POST webhook_endpoints': {
        if (!/^https?:\/\//.test(String(q.url ?? ''))) throw fail(400, 'invalid_request_error', 'Invalid URL', { param: 'url' });
        const e = { id: id('we'), object: 'webhook_endpoint', url: q.url, enabled_events: q.enabled_events ?? ['*'], status: 'enabled',
          created: this.now(), _secrets: [`whsec_${randomBytes(24).toString('hex')}`] };
        a.webhook_endpoints[e.id] = e;
        return { ...publicEndpoint(e), secret: e._secrets[0] };
      }
      case 'GET webhook_endpoints':
        return list(Object.values(a.webhook_endpoints).map(publicEndpoint));
      case 'POST webhook_endpoints/:id/roll_secret': {
        // The dashboard's "roll secret": a new secret; the old one still signs until `expires_in` passes (here: the next roll).
        const e = a.webhook_endpoints[oid!];
        if (!e) throw missing('webhook_endpoint', oid!);
        e._secrets = [`whsec_${randomBytes(24).toString('hex')}`, e._secrets[0]!];
        return { ...publicEndpoint(e), secret: e._secrets[0] };
      }
      case 'DELETE webhook_endpoints/:id': {
        if (!a.webhook_endpoints[oid!]) throw missing('webhook_endpoint', oid!);
        delete a.webhook_endpoints[oid!];
        return { id: oid, object: 'webhook_endpoint', deleted: true };
      }
      case 'GET events':
        return list(a.events.slice(-100).reverse());
      default:
        throw fail(404, 'invalid_request_error', `Unrecognized request URL (${method}: /v1/${seg.join('/')}).`);
    }
  }

  private intent(map: Record<string, Obj>, oid: string, q: Obj, pub: boolean, what: string): Obj {
    const it = map[oid];
    if (!it) throw missing(what, oid);
    if (pub && q.client_secret !== it.client_secret) throw fail(400, 'invalid_request_error', 'The client_secret does not match.', { param: 'client_secret' });
    return it;
  }

  private attach(a: Account, pmId: string, customer: string): Obj {
    const pm = a.payment_methods[pmId];
    if (!pm) throw missing('payment_method', pmId);
    if (!a.customers[customer]) throw missing('customer', customer);
    if (pm._behaviour === 'declined') throw this.declined(null);
    pm.customer = customer;
    this.emit(a, 'payment_method.attached', publicPm(pm));
    return pm;
  }

  private declined(pi: Obj | null, code = 'card_declined') {
    return fail(402, 'card_error', code === 'authentication_required' ? 'Your card was declined. This transaction requires authentication.' : 'Your card was declined.', {
      code,
      decline_code: code === 'card_declined' ? 'generic_decline' : code,
      ...(pi ? { payment_intent: pi } : {}),
    });
  }

  private confirmSetup(a: Account, oid: string, q: Obj, pub: boolean): Obj {
    const si = this.intent(a.setup_intents, oid, q, pub, 'setup_intent');
    if (si.status === 'succeeded') return si;
    const pm = a.payment_methods[q.payment_method ?? si.payment_method];
    if (!pm) throw missing('payment_method', q.payment_method);
    si.payment_method = pm.id;
    if (pm._behaviour === 'declined') {
      si.status = 'requires_payment_method';
      si.last_setup_error = { code: 'card_declined', message: 'Your card was declined.' };
      this.emit(a, 'setup_intent.setup_failed', si);
      throw this.declined(null);
    }
    if (pm._behaviour === 'authentication') {
      si.status = 'requires_action';
      si.next_action = { type: 'use_stripe_sdk' };
      return si;
    }
    this.attach(a, pm.id, si.customer);
    si.status = 'succeeded';
    this.emit(a, 'setup_intent.succeeded', si);
    return si;
  }

  private createPaymentIntent(a: Account, q: Obj): Obj {
    const amount = Number(q.amount);
    if (!Number.isInteger(amount) || amount < 50) throw fail(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    if (q.customer && !a.customers[q.customer]) throw missing('customer', q.customer);
    const pi: Obj = { id: id('pi'), object: 'payment_intent', amount, amount_received: 0, currency: q.currency ?? 'usd', customer: q.customer ?? null,
      payment_method: q.payment_method ?? null, status: 'requires_payment_method', metadata: q.metadata ?? {}, created: this.now(),
      next_action: null, last_payment_error: null };
    pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString('hex')}`;
    a.payment_intents[pi.id] = pi;
    this.emit(a, 'payment_intent.created', pi);
    if (q.confirm === 'true') return this.charge(a, pi, q.off_session === 'true');
    if (pi.payment_method) pi.status = 'requires_confirmation';
    return pi;
  }

  private charge(a: Account, pi: Obj, offSession: boolean): Obj {
    if (pi.status === 'succeeded') return pi;
    const pm = a.payment_methods[pi.payment_method];
    if (!pm) throw missing('payment_method', pi.payment_method);
    if (pm._behaviour === 'authentication' && !pi._authenticated) {
      if (offSession) {
        pi.status = 'requires_payment_method';
        pi.last_payment_error = { code: 'authentication_required', message: 'This transaction requires authentication.' };
        this.emit(a, 'payment_intent.payment_failed', pi);
        throw this.declined(pi, 'authentication_required');
      }
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk' };
      this.emit(a, 'payment_intent.requires_action', pi);
      return pi;
    }
    return this.settleCharge(a, pi, false);
  }

  private settleCharge(a: Account, pi: Obj, authenticated: boolean): Obj {
    const pm = a.payment_methods[pi.payment_method]!;
    if (authenticated) pi._authenticated = true;
    if (pm._behaviour === 'declined' || pm._behaviour === 'charge_declined') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      this.emit(a, 'payment_intent.payment_failed', pi);
      throw this.declined(pi);
    }
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.next_action = null;
    pi.last_payment_error = null;
    const ch: Obj = { id: id('ch'), object: 'charge', amount: pi.amount, amount_captured: pi.amount, amount_refunded: 0, refunded: false,
      captured: true, paid: true, status: 'succeeded', currency: pi.currency, customer: pi.customer, payment_intent: pi.id,
      payment_method: pi.payment_method, metadata: pi.metadata, created: this.now(), refunds: { object: 'list', data: [], has_more: false } };
    (a.charges ??= {})[ch.id] = ch;
    pi.latest_charge = ch.id;
    this.emit(a, 'payment_intent.succeeded', pi);
    return pi;
  }

  /**
   * A refund of a succeeded payment intent's (or a charge's) money: `amount` (default: all that is
   * left), never more than is left (`amount_too_large`), none of a fully refunded charge
   * (`charge_already_refunded`). Refunds here succeed at once, as test-mode card refunds do.
   */
  private refund(a: Account, q: Obj): Obj {
    const charges = (a.charges ??= {});
    let ch: Obj | undefined;
    if (q.charge) ch = charges[q.charge] ?? (() => { throw missing('charge', q.charge); })();
    else if (q.payment_intent) {
      const pi = a.payment_intents[q.payment_intent];
      if (!pi) throw missing('payment_intent', q.payment_intent);
      ch = pi.latest_charge ? charges[pi.latest_charge] : undefined;
      if (!ch) throw fail(400, 'invalid_request_error', `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable', param: 'payment_intent' });
    } else throw fail(400, 'invalid_request_error', 'One of `charge` or `payment_intent` is required.', { param: 'payment_intent' });
    const left = ch.amount_captured - ch.amount_refunded;
    if (left <= 0) throw fail(400, 'invalid_request_error', `Charge ${ch.id} has already been refunded.`, { code: 'charge_already_refunded', param: 'charge' });
    const amount = q.amount === undefined ? left : Number(q.amount);
    if (!Number.isInteger(amount) || amount <= 0) throw fail(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
    if (amount > left)
      throw fail(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, { code: 'amount_too_large', param: 'amount' });
    const re: Obj = { id: id('re'), object: 'refund', amount, currency: ch.currency, charge: ch.id, payment_intent: ch.payment_intent,
      status: 'succeeded', reason: q.reason ?? null, metadata: q.metadata ?? {}, created: this.now() };
    (a.refunds ??= {})[re.id] = re;
    ch.amount_refunded += amount;
    ch.refunded = ch.amount_refunded >= ch.amount_captured;
    ch.refunds = { object: 'list', data: [re, ...ch.refunds.data], has_more: false };
    this.emit(a, 'refund.created', re);
    this.emit(a, 'charge.refunded', ch);
    return re;
  }

  /** Records an event and sends it to every endpoint that listens for its type. */
  private emit(a: Account, type: string, object: Obj, previous?: Obj): Obj {
    // Strictly increasing `created`, so the order of changes to one object is never ambiguous.
    const created = Math.max(this.now(), this.lastCreated + 1);
    this.lastCreated = created;
    const data = JSON.parse(JSON.stringify(object, (k, v) => (k.startsWith('_') ? undefined : v)));
    const event = { id: id('evt'), object: 'event', api_version: '2025-10-29', type, created, livemode: false, pending_webhooks: 0,
      data: { object: data, ...(previous ? { previous_attributes: previous } : {}) } };
    a.events.push(event);
    if (a.events.length > 1000) a.events.splice(0, a.events.length - 1000);
    for (const e of Object.values(a.webhook_endpoints)) {
      if (e.enabled_events.includes('*') || e.enabled_events.includes(type)) this.send(e, event, 0);
    }
    return event;
  }

  /** The Stripe-Signature header of a payload: a v1 signature per live secret of the endpoint. */
  signatureHeader(payload: string, secrets: string[], timestamp = this.now()): string {
    const first = this.signer.webhooks.generateTestHeaderString({ payload, secret: secrets[0]!, timestamp });
    const more = secrets.slice(1).map((s) => `v1=${createHmac('sha256', s).update(`${timestamp}.${payload}`).digest('hex')}`);
    return [first, ...more].join(',');
  }

  private send(e: Obj & { _secrets: string[] }, event: Obj, attempt: number) {
    const body = JSON.stringify(event);
    const headers = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': this.signatureHeader(body, e._secrets), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' };
    const p = (this.opts.deliver ?? deliverHttp)(e.url, body, headers)
      .catch(() => 0)
      .then((status) => {
        if (status >= 200 && status < 300) return;
        const delays = this.opts.retryDelays ?? [1000, 5000, 30_000, 120_000, 600_000];
        if (attempt >= delays.length) return;
        const t = setTimeout(() => {
          this.timers.delete(t);
          this.send(e, event, attempt + 1);
        }, delays[attempt]);
        t.unref?.();
        this.timers.add(t);
      });
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  // Test helpers -------------------------------------------------------------------------------

  /** The events of an account (by its secret key), oldest first. */
  eventsOf(secretKey: string): Obj[] {
    return this.account(secretKey, false).events;
  }

  /** Signs a payload as the fake would for an endpoint URL of the account (tests replay events). */
  signFor(secretKey: string, url: string, payload: string, timestamp?: number): string {
    const e = Object.values(this.account(secretKey, false).webhook_endpoints).find((x) => x.url === url);
    if (!e) throw new Error(`no endpoint ${url}`);
    return this.signatureHeader(payload, e._secrets, timestamp);
  }
}

/**
 * POSTs an event. Hosts under `.localhost` (the dev centre hosts) are reached on 127.0.0.1 with
 * the Host header kept, as a browser would.
 */
export async function deliverHttp(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const u = new URL(url);
  const local = u.hostname === 'localhost' || u.hostname.endsWith('.localhost');
  return new Promise((resolve) => {
    const req = http.request(
      { host: local ? '127.0.0.1' : u.hostname, port: u.port || 80, path: u.pathname + u.search, method: 'POST',
        headers: { ...headers, host: u.host, 'content-length': Buffer.byteLength(body) }, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end(body);
  });
}
