export const common = {
  tr: {
    'common.appName': 'Cari Ekran',
  },
  en: {} as Record<string, string>,
};
