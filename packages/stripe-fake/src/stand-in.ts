/**
 * The Stripe.js stand-in served at `/dev/stripe/v3.js` (js.stripe.com is out of reach locally):
 * `Stripe(pk)` with `elements().create('card')` (number, expiry, CVC inputs with labels),
 * `createPaymentMethod`, `confirmCardSetup` and `confirmCardPayment`, calling the fake under the script's own path
 * (`/dev/stripe/v1/...`). A card that needs authentication is "authenticated" after a confirm
 * dialog, as Stripe's test 3-D Secure page does.
 */
export const STAND_IN_JS = String.raw`(function () {
  var script = document.currentScript;
  var base = script ? script.src.replace(/\/v3\.js(\?.*)?$/, '') : '/dev/stripe';
  function form(obj, prefix, out) {
    out = out || [];
    Object.keys(obj).forEach(function (k) {
      var v = obj[k];
      var key = prefix ? prefix + '[' + k + ']' : k;
      if (v !== null && typeof v === 'object') form(v, key, out);
      else if (v !== undefined) out.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(v)));
    });
    return out.join('&');
  }
  function call(pk, path, body) {
    return fetch(base + '/v1/' + path, {
      method: 'POST',
      headers: { authorization: 'Bearer ' + pk, 'content-type': 'application/x-www-form-urlencoded' },
      body: form(body),
    }).then(function (r) { return r.json(); });
  }
  function field(label, name, placeholder, size) {
    var wrap = document.createElement('label');
    wrap.style.cssText = 'display:flex;flex-direction:column;font:inherit;font-size:14px;gap:2px;flex:' + size;
    wrap.textContent = label;
    var input = document.createElement('input');
    input.name = name;
    input.setAttribute('data-stripe', name);
    input.placeholder = placeholder;
    input.autocomplete = 'off';
    input.inputMode = 'numeric';
    input.style.cssText = 'font:inherit;padding:6px 8px;border:1px solid #6b7280;border-radius:4px;min-width:0';
    wrap.appendChild(input);
    return { wrap: wrap, input: input };
  }
  function CardElement() {
    this.fields = {
      number: field('Card number', 'cardnumber', '4242 4242 4242 4242', '2 1 160px'),
      exp: field('Expiry (MM/YY)', 'exp-date', 'MM/YY', '1 1 80px'),
      cvc: field('CVC', 'cvc', '123', '1 1 60px'),
    };
    this.handlers = {};
  }
  CardElement.prototype.mount = function (target) {
    var el = typeof target === 'string' ? document.querySelector(target) : target;
    var row = document.createElement('div');
    row.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px';
    var self = this;
    ['number', 'exp', 'cvc'].forEach(function (k) {
      row.appendChild(self.fields[k].wrap);
      self.fields[k].input.addEventListener('input', function () { self.emit('change', { complete: self.complete(), error: undefined }); });
    });
    el.innerHTML = '';
    el.appendChild(row);
    this.emit('ready', {});
  };
  CardElement.prototype.complete = function () {
    return this.fields.number.input.value.replace(/\s/g, '').length >= 13 && /^\d{1,2}\s*\/\s*\d{2,4}$/.test(this.fields.exp.input.value) && this.fields.cvc.input.value.length >= 3;
  };
  CardElement.prototype.on = function (name, fn) { (this.handlers[name] = this.handlers[name] || []).push(fn); return this; };
  CardElement.prototype.emit = function (name, e) { (this.handlers[name] || []).forEach(function (fn) { fn(e); }); };
  CardElement.prototype.unmount = function () {};
  CardElement.prototype.destroy = function () {};
  CardElement.prototype.focus = function () { this.fields.number.input.focus(); };
  CardElement.prototype.clear = function () { var f = this.fields; f.number.input.value = f.exp.input.value = f.cvc.input.value = ''; };
  CardElement.prototype.card = function () {
    var exp = this.fields.exp.input.value.split('/');
    return { number: this.fields.number.input.value.replace(/\s/g, ''), exp_month: (exp[0] || '').trim(), exp_year: (exp[1] || '').trim(), cvc: this.fields.cvc.input.value.trim() };
  };
  function intentId(secret) { return String(secret).split('_secret_')[0]; }
  function Stripe(pk) {
    if (!(this instanceof Stripe)) return new Stripe(pk);
    this.pk = pk;
  }
  Stripe.prototype.elements = function () {
    return { create: function (type) { if (type !== 'card') throw new Error('The stand-in has only the card element.'); return new CardElement(); } };
  };
  Stripe.prototype.paymentMethodFrom = function (pm) {
    if (typeof pm === 'string') return Promise.resolve({ id: pm });
    return call(this.pk, 'payment_methods', { type: 'card', card: pm.card.card() }).then(function (r) { return r.error ? Promise.reject(r.error) : r; });
  };
  Stripe.prototype.confirmIntent = function (kind, key, secret, data) {
    var pk = this.pk;
    var id = intentId(secret);
    var pm = data && data.payment_method ? this.paymentMethodFrom(data.payment_method) : Promise.resolve(null);
    return pm
      .then(function (m) { return call(pk, kind + '/' + id + '/confirm', m ? { client_secret: secret, payment_method: m.id } : { client_secret: secret }); })
      .then(function (r) {
        if (r.error) return { error: r.error };
        if (r.status === 'requires_action') {
          if (!window.confirm('Test authentication: complete this card check?')) return { error: { type: 'card_error', code: 'authentication_failed', message: 'We are unable to authenticate your payment method.' } };
          return call(pk, kind + '/' + id + '/authenticate', { client_secret: secret }).then(function (x) {
            if (x.error) return { error: x.error };
            var out = {}; out[key] = x; return out;
          });
        }
        var out = {}; out[key] = r; return out;
      }, function (error) { return { error: error }; });
  };
  Stripe.prototype.createPaymentMethod = function (data) {
    return this.paymentMethodFrom({ card: data.card }).then(function (pm) { return { paymentMethod: pm }; }, function (error) { return { error: error }; });
  };
  Stripe.prototype.confirmCardSetup = function (secret, data) { return this.confirmIntent('setup_intents', 'setupIntent', secret, data); };
  Stripe.prototype.confirmCardPayment = function (secret, data) { return this.confirmIntent('payment_intents', 'paymentIntent', secret, data); };
  window.Stripe = Stripe;
})();
`;
