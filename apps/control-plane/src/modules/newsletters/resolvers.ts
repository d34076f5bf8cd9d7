import type { Resolvers } from '../../generated/resolvers.ts';

export const newsletterResolvers: Resolvers = {
  Query: {
    getNewsletters: (_, args, { actor, services }) => services.newsletters.getNewsletters(actor, args),
    getNewsletter: (_, args, { actor, services }) => services.newsletters.getNewsletter(actor, args),
  },
  Mutation: {
    createNewsletter: (_, args, { actor, services }) => services.newsletters.createNewsletter(actor, args),
    updateNewsletter: (_, args, { actor, services }) => services.newsletters.updateNewsletter(actor, args),
    deleteNewsletter: (_, args, { actor, services }) => services.newsletters.deleteNewsletter(actor, args),
    duplicateNewsletter: (_, args, { actor, services }) => services.newsletters.duplicateNewsletter(actor, args),
  },
  PlatformNewsletter: {
    id: (r) => String(r.id),
    tags: (r) => r.tags ?? [],
  },
};
