export const COMPONENTS = ['milk', 'meat_alternate', 'vegetable', 'fruit', 'grain'] as const;
export const FOOD_TYPES = ['other', 'cereal', 'yogurt'] as const;
export const ITEM_STATUSES = ['active', 'available'] as const;
