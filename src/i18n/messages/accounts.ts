export const accounts = {
  tr: {
    'accounts.placeholder': 'accounts',
  },
  en: {} as Record<string, string>,
};
