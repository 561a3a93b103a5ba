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
  adminLogin: '/adminlogin',
  adminSignup: '/adminsignup',
  adminForgotPassword: '/adminforgotpassword',
  adminResetPassword: '/adminresetpassword',
  adminDashboard: '/admindashboard',
} as const;
