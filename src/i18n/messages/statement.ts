export const statement = {
  tr: {
    'statement.placeholder': 'statement',
  },
  en: {} as Record<string, string>,
};
