// The demo catalog the local cloud starts with: every category, prices in both currencies,
// a deliverable link and an outline for every product.
export interface SeedProduct {
  id: string;
  title: string;
  description: string;
  priceInNgn: number;
  priceInUsd: number;
  categoryId: 1 | 2 | 3;
  url: string;
  colors: [string, string];
  outline: string[];
}

const drive = (name: string) => `https://drive.example.com/demo/${name}`;

export const seedProducts: SeedProduct[] = [
  {
    id: 'demo-freelance-writing',
    title: 'Freelance Writing Playbook',
    description:
      'A step-by-step guide to landing your first paying writing clients from Nigeria, pricing your work in dollars and getting paid without stress.',
    priceInNgn: 7500,
    priceInUsd: 9,
    categoryId: 1,
    url: drive('freelance-writing-playbook.pdf'),
    colors: ['#7c2d12', '#f97316'],
    outline: [
      'Finding your niche',
      'Building a portfolio in a weekend',
      'Pitching clients that pay',
      'Receiving foreign payments',
    ],
  },
  {
    id: 'demo-personal-finance',
    title: 'Personal Finance for Young Nigerians: Budgeting, Saving and Investing in Naira and Dollars',
    description:
      'Make your salary last the month, build an emergency fund and start investing with confidence — written for the Nigerian economy.',
    priceInNgn: 5000,
    priceInUsd: 6,
    categoryId: 1,
    url: drive('personal-finance.pdf'),
    colors: ['#14532d', '#22c55e'],
    outline: [
      'Where your money goes',
      'The 50/30/20 budget, adapted',
      'Saving against inflation',
      'Your first investments',
    ],
  },
  {
    id: 'demo-excel-mastery',
    title: 'Excel Mastery for Business',
    description:
      'Formulas, pivot tables and dashboards that turn raw sales records into decisions. Includes practice workbooks.',
    priceInNgn: 12000,
    priceInUsd: 15,
    categoryId: 2,
    url: drive('excel-mastery.zip'),
    colors: ['#065f46', '#10b981'],
    outline: [
      'Clean data first',
      'Lookup functions',
      'Pivot tables',
      'Dashboards that update themselves',
      'Final project',
    ],
  },
  {
    id: 'demo-react-bootcamp',
    title: 'React Web Development Bootcamp',
    description:
      'Build and deploy modern web apps with React and TypeScript, from your first component to a live store.',
    priceInNgn: 45000,
    priceInUsd: 49,
    categoryId: 2,
    url: drive('react-bootcamp'),
    colors: ['#0c4a6e', '#38bdf8'],
    outline: [
      'JavaScript refresher',
      'Components and props',
      'State and effects',
      'Routing',
      'Talking to a backend',
      'Deploying',
    ],
  },
  {
    id: 'demo-poultry-farming',
    title: 'Profitable Poultry Farming Guide',
    description:
      'Start a broiler or layer farm on a small budget: housing, feed, vaccination schedules and selling at the right time.',
    priceInNgn: 6500,
    priceInUsd: 8,
    categoryId: 1,
    url: drive('poultry-farming.pdf'),
    colors: ['#713f12', '#eab308'],
    outline: ['Choosing broilers or layers', 'Housing on a budget', 'Feeding and vaccination', 'Selling for profit'],
  },
  {
    id: 'demo-digital-marketing',
    title: 'Digital Marketing Masterclass',
    description: 'Grow any business online with social media, e-mail and paid ads. Real campaigns, real numbers.',
    priceInNgn: 25000,
    priceInUsd: 29,
    categoryId: 2,
    url: drive('digital-marketing'),
    colors: ['#701a75', '#e879f9'],
    outline: [
      'Know your customer',
      'Content that sells',
      'Instagram and TikTok',
      'E-mail lists',
      'Paid ads on a small budget',
    ],
  },
  {
    id: 'demo-data-analysis-python',
    title: 'Data Analysis with Python',
    description: 'Learn pandas, charts and storytelling with data using real Nigerian market datasets.',
    priceInNgn: 35000,
    priceInUsd: 39,
    categoryId: 2,
    url: drive('data-analysis-python'),
    colors: ['#1e3a8a', '#60a5fa'],
    outline: ['Python essentials', 'pandas DataFrames', 'Cleaning messy data', 'Charts that tell a story'],
  },
  {
    id: 'demo-ielts-guide',
    title: 'IELTS Success Guide',
    description: 'Strategies, practice tests and model answers for a band 7+ in all four IELTS modules.',
    priceInNgn: 8000,
    priceInUsd: 10,
    categoryId: 1,
    url: drive('ielts-guide.pdf'),
    colors: ['#7f1d1d', '#f87171'],
    outline: ['Listening', 'Reading', 'Writing task 1 and 2', 'Speaking with confidence'],
  },
  {
    id: 'demo-graphic-design-canva',
    title: 'Graphic Design with Canva',
    description: 'Design flyers, logos and social posts that look professional — no design degree needed.',
    priceInNgn: 15000,
    priceInUsd: 18,
    categoryId: 2,
    url: drive('canva-course'),
    colors: ['#4c1d95', '#a78bfa'],
    outline: ['Design basics', 'Typography and colour', 'Brand kits', 'Selling your designs'],
  },
  {
    id: 'demo-small-business-plan',
    title: 'Small Business Plan Templates',
    description: 'Ready-to-fill business plan and financial projection templates that banks and investors expect.',
    priceInNgn: 4500,
    priceInUsd: 5,
    // A tool (domain/categories.ts): templates to fill in, not a book to read.
    categoryId: 3,
    url: drive('business-plan-templates.zip'),
    colors: ['#334155', '#94a3b8'],
    outline: ['Executive summary', 'Market analysis', 'Financial projections'],
  },
  {
    id: 'demo-ui-ux-fundamentals',
    title: 'UI/UX Design Fundamentals',
    description: 'Research, wireframe and prototype apps people love to use. Ends with a portfolio-ready case study.',
    priceInNgn: 30000,
    priceInUsd: 35,
    categoryId: 2,
    url: drive('ui-ux-fundamentals'),
    colors: ['#831843', '#f472b6'],
    outline: ['User research', 'Wireframes', 'Visual design', 'Prototyping', 'Case study'],
  },
  {
    id: 'demo-nigerian-recipes',
    title: 'Nigerian Kitchen: 100 Classic Recipes',
    description: 'From jollof to egusi and puff-puff: family recipes with clear steps and shopping lists.',
    priceInNgn: 3500,
    priceInUsd: 4,
    categoryId: 1,
    url: drive('nigerian-kitchen.pdf'),
    colors: ['#9a3412', '#fb923c'],
    outline: ['Soups and stews', 'Rice dishes', 'Snacks and small chops', 'Drinks'],
  },
  {
    id: 'demo-public-speaking',
    title: 'Confident Public Speaking',
    description: 'Overcome stage fright and speak clearly at work, in church, at weddings and on camera.',
    priceInNgn: 10000,
    priceInUsd: 12,
    categoryId: 2,
    url: drive('public-speaking'),
    colors: ['#155e75', '#22d3ee'],
    outline: ['Why we fear speaking', 'Structure any talk', 'Voice and body language', 'Handling questions'],
  },
  {
    id: 'demo-remote-jobs',
    title: 'The Remote Job Hunting Handbook',
    description: 'Find, apply for and win remote jobs with international companies, and get paid from abroad.',
    priceInNgn: 6000,
    priceInUsd: 7,
    categoryId: 1,
    url: drive('remote-jobs.pdf'),
    colors: ['#3f6212', '#a3e635'],
    outline: [
      'Where remote jobs are posted',
      'A CV that passes screening',
      'Interviews over video',
      'Contracts and payment',
    ],
  },
];
