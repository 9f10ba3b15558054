export const invoices = {
  tr: {
    'invoices.placeholder': 'invoices',
  },
  en: {} as Record<string, string>,
};
