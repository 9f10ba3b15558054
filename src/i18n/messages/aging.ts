export const aging = {
  tr: {
    'aging.placeholder': 'aging',
  },
  en: {} as Record<string, string>,
};
