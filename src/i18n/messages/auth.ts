export const auth = {
  tr: {
    'auth.placeholder': 'auth',
  },
  en: {} as Record<string, string>,
};
