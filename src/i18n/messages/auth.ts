export const auth = {
  tr: {
    'auth.title': 'Giriş',
    'auth.intro': 'ERP kullanıcı adınız ve şifrenizle giriş yapın.',
    'auth.userName': 'Kullanıcı adı',
    'auth.password': 'Şifre',
    'auth.submit': 'Giriş yap',
    'auth.submitting': 'Giriş yapılıyor…',
    'auth.required': 'Kullanıcı adı ve şifre gerekli.',
    'auth.demo.title': 'Demo modu — örnek verilerle çalışıyorsunuz',
    'auth.demo.text': 'Aşağıdaki deneme kullanıcılarından biriyle giriş yapabilirsiniz.',
    'auth.demo.user': 'Kullanıcı: {userName} · Şifre: {password}',
    'auth.demo.fill': '{userName} bilgilerini doldur',
  },
};
