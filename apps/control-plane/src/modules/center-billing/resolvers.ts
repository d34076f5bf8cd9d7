import type { Resolvers } from '../../generated/resolvers.ts';

export const centerBillingResolvers: Resolvers = {
  Query: {
    getCenterPlans: (_, args, { actor, services }) => services.centerBilling.getCenterPlans(actor, args),
    getCenterInvoices: (_, args, { actor, services }) => services.centerBilling.getCenterInvoices(actor, args),
    getCenterPayments: (_, args, { actor, services }) => services.centerBilling.getCenterPayments(actor, args),
    getCenterCards: (_, args, { actor, services }) => services.centerBilling.getCenterCards(actor, args),
  },
  Mutation: {
    createCenterPlan: (_, args, { actor, services }) => services.centerBilling.createCenterPlan(actor, args),
    updateCenterPlan: (_, args, { actor, services }) => services.centerBilling.updateCenterPlan(actor, args),
    attachCenterPlan: (_, args, { actor, services }) => services.centerBilling.attachCenterPlan(actor, args),
    chargeCenter: (_, args, { actor, services }) => services.centerBilling.chargeCenter(actor, args),
    submitCenterPayment: (_, args, { actor, services }) =>
      args.signup_token != null ? services.signup.submitSignupPayment(actor, args) : services.centerBilling.submitCenterPayment(actor, args),
    approveCenterPayment: (_, args, { actor, services }) => services.centerBilling.approveCenterPayment(actor, args),
  },
};
