// One object builds every route path, so a link and its route cannot drift apart (docs/architecture.md).
export const paths = {
  home: '/',
  allProducts: '/allproducts',
  product: (id: string) => `/productdetail/${encodeURIComponent(id)}`,
  category: (id: number | string) => `/category/${id}`,
  searchResults: '/searchresults',
  contact: '/contactus',
  purchases: '/purchases',
  library: '/library',
  /** The affiliate program: joining, and the affiliate's own page (docs/affiliates.md). */
  affiliates: '/affiliates',
  affiliatePage: '/affiliates/me',
  /** The course player for a purchase's access token (docs/courses.md). */
  learn: (token: string) => `/learn/${encodeURIComponent(token)}`,
  /** The public check that a course certificate is genuine. */
  certificate: (code: string) => `/certificates/${encodeURIComponent(code)}`,
  /** A payment on its way (docs/payments.md, 'Payments that complete later'); `t` is its wait token. */
  waiting: (checkoutId: string, token: string) =>
    `/checkout/${encodeURIComponent(checkoutId)}?t=${encodeURIComponent(token)}`,
  adminLogin: '/adminlogin',
  adminSignup: '/adminsignup',
  adminForgotPassword: '/adminforgotpassword',
  adminResetPassword: '/adminresetpassword',
  /** Where the verification e-mail's link applies its code (docs/admin.md). */
  adminVerify: '/adminverify',
  adminDashboard: '/admindashboard',
  /** One product's page in the dashboard: its details, files, license keys and course (docs/admin.md). */
  adminProduct: (id: string) => `/admindashboard/products/${encodeURIComponent(id)}`,
} as const;
