import type { RequestContext } from '../../../types.ts';
import * as keys from '../service/stripe-keys.ts';
import * as pay from '../service/stripe-pay.ts';

type Args = Record<string, unknown>;
type Ctx = RequestContext;

/** Card payments (stripe.graphql): merged into the billing module's resolvers in index.ts. */
export const stripeResolvers = {
  Query: {
    getPaymentProviderKeys: (_: unknown, _a: Args, c: Ctx) => keys.getPaymentProviderKeys(c),
    checkLocationAllowStripePayment: (_: unknown, a: Args, c: Ctx) => pay.checkLocationAllowStripePayment(c, a),
    getUserBillingStudents: (_: unknown, _a: Args, c: Ctx) => pay.getUserBillingStudents(c),
    getUserPaymentMethods: (_: unknown, _a: Args, c: Ctx) => pay.getUserPaymentMethods(c),
    getUserPendingCharges: (_: unknown, _a: Args, c: Ctx) => pay.getUserPendingCharges(c),
  },
  Mutation: {
    savePaymentProviderKeys: (_: unknown, a: Args, c: Ctx) => keys.savePaymentProviderKeys(c, a),
    addUserCard: (_: unknown, a: Args, c: Ctx) => pay.addUserCard(c, a),
    setDefaultPaymentMethod: (_: unknown, a: Args, c: Ctx) => pay.setDefaultPaymentMethod(c, a),
    setUserAutopay: (_: unknown, a: Args, c: Ctx) => pay.setUserAutopay(c, a),
    chargeUserInvoice: (_: unknown, a: Args, c: Ctx) => pay.chargeUserInvoice(c, a),
    syncUserCharge: (_: unknown, a: Args, c: Ctx) => pay.syncUserCharge(c, a),
  },
};
