// What `npm run setup` asks for, in order, under the names .env.example uses (with --no-prompt each is
// read from the environment under that name). Groups are checked against the real service as soon as
// they are entered (verify.ts).
export interface Question {
  name: string;
  label: string;
  /** Never printed, logged or written outside Secret Manager. */
  secret?: boolean;
  /** Used when the answer is empty; a question without one is required. */
  fallback?: (values: Readonly<Record<string, string>>) => string;
}

export interface QuestionGroup {
  id: 'project' | 'store' | 'paystack' | 'paypal' | 'smtp' | 'cloudinary' | 'admin';
  title: string;
  questions: Question[];
}

export const questionGroups: QuestionGroup[] = [
  {
    id: 'project',
    title: 'Firebase project',
    questions: [
      { name: 'FIREBASE_PROJECT_ID', label: 'Firebase project id' },
      { name: 'VITE_FIREBASE_API_KEY', label: "Web app's API key (Project settings, Your apps)" },
      { name: 'VITE_FIREBASE_APP_ID', label: "Web app's app id" },
    ],
  },
  {
    id: 'store',
    title: 'The store',
    questions: [
      { name: 'STORE_NAME', label: "Store's name" },
      { name: 'SELLER_EMAIL', label: 'Contact e-mail (receives orders and messages)' },
      { name: 'VITE_CONTACT_PHONE', label: 'Contact phone' },
      {
        name: 'PUBLIC_STORE_URL',
        label: "Store's public URL",
        fallback: (v) => (v.FIREBASE_PROJECT_ID ? `https://${v.FIREBASE_PROJECT_ID}.web.app` : ''),
      },
    ],
  },
  {
    id: 'paystack',
    title: 'Paystack',
    questions: [
      { name: 'VITE_PAYSTACK_PUBLIC_KEY', label: 'Paystack public key (pk_...)' },
      { name: 'PAYSTACK_SECRET_KEY', label: 'Paystack secret key (sk_...)', secret: true },
    ],
  },
  {
    id: 'paypal',
    title: 'PayPal',
    questions: [
      { name: 'PAYPAL_CLIENT_ID', label: 'PayPal REST app client id' },
      { name: 'PAYPAL_CLIENT_SECRET', label: 'PayPal REST app secret', secret: true },
      { name: 'PAYPAL_MERCHANT_ID', label: 'PayPal merchant id (Account Settings, Business information)' },
    ],
  },
  {
    id: 'smtp',
    title: 'Mail (SMTP)',
    questions: [
      { name: 'SMTP_HOST', label: 'SMTP host' },
      { name: 'SMTP_PORT', label: 'SMTP port', fallback: () => '587' },
      { name: 'SMTP_SECURE', label: 'TLS from the first byte (1 for port 465, else 0)', fallback: () => '0' },
      { name: 'SMTP_USER', label: 'SMTP user' },
      { name: 'SMTP_PASS', label: 'SMTP password', secret: true },
      { name: 'MAIL_FROM', label: 'Sender (e.g. My Store <orders@mystore.ng>)' },
    ],
  },
  {
    id: 'cloudinary',
    title: 'Cloudinary',
    questions: [
      { name: 'CLOUDINARY_CLOUD_NAME', label: 'Cloudinary cloud name' },
      { name: 'CLOUDINARY_API_KEY', label: 'Cloudinary API key' },
      { name: 'CLOUDINARY_API_SECRET', label: 'Cloudinary API secret', secret: true },
    ],
  },
  {
    id: 'admin',
    title: 'The first admin',
    questions: [
      { name: 'ADMIN_EMAIL', label: "First admin's e-mail", fallback: (v) => v.SELLER_EMAIL ?? '' },
      { name: 'ADMIN_NAME', label: "First admin's name" },
      { name: 'ADMIN_PASSWORD', label: "First admin's password (8+ characters)", secret: true },
    ],
  },
];

export const secretNames = questionGroups.flatMap((g) => g.questions.filter((q) => q.secret).map((q) => q.name));

/** The value of `question` from `source` (environment or an earlier answer), or its fallback. */
export function valueFrom(
  question: Question,
  source: Readonly<Record<string, string | undefined>>,
  values: Readonly<Record<string, string>>,
): string {
  return source[question.name]?.trim() || question.fallback?.(values) || '';
}
