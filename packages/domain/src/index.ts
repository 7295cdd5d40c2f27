export * from './currency.ts';
export * from './prices.ts';
export * from './contact.ts';
export * from './account.ts';
