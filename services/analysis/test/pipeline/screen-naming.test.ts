import { activeItem, type ColorImage } from '../../src/pipeline/ocr/active-item';
import { RecordingWords } from '../../src/pipeline/ocr/name-cleaner';
import { findBrowserChrome, finishPage, readPage, splitIntoItems, understandPage, type PageReading, type TextItem, type VideoContext } from '../../src/pipeline/ocr/screen-layout';
import type { OcrLine, OcrPage } from '../../src/pipeline/ocr/tesseract-engine';
import {
  nameFromUrlPath,
  nameScreen,
  shortName,
  urlPathOf,
  type NamingEvidence,
} from '../../src/pipeline/ocr/screen-naming';
import type { Box, KeyFrame, UiElement } from '../../src/pipeline';

/** What OCR and the layout step hand over for one frame; every test states only what matters to it. */
function evidence(extra: Partial<NamingEvidence> = {}): NamingEvidence {
  return { texts: [], elements: [], navCount: 0, heroHeading: false, isModal: false, isFirstFrame: false, ...extra };
}

const inputs = (...labels: string[]): UiElement[] => labels.map((label) => ({ kind: 'input', label }));
const buttons = (...labels: string[]): UiElement[] => labels.map((label) => ({ kind: 'button', label }));
const links = (...labels: string[]): UiElement[] => labels.map((label) => ({ kind: 'link', label }));

function item(text: string, box: Box, size = 14): TextItem {
  return { text, box, size, confidence: 90 };
}

describe('screen names', () => {
  describe('from the address bar', () => {
    it.each([
      ['/', 'Home'],
      ['/cart', 'Cart'],
      ['/basket', 'Cart'],
      ['/products', 'Product Listing'],
      ['/products/123', 'Product Detail'],
      ['/products/linen-overshirt-blue', 'Product Detail'],
      ['/orders/8f3a2c91-77aa', 'Order Detail'],
      ['/checkout/payment', 'Checkout Payment'],
      ['/checkout/success', 'Order Confirmation'],
      ['/order/complete', 'Order Confirmation'],
      ['/checkouts/c1a7e9f2b4/thank-you', 'Order Confirmation'],
      ['/transfer/done', 'Transfer Confirmation'],
      ['/booking/confirmed', 'Booking Confirmation'],
      ['/signup/success', 'Sign Up Confirmation'],
      ['/contact/thank-you', 'Contact Confirmation'],
      ['/invite/sent', 'Invite Sent'],
      ['/signup/verify', 'Verify Email'],
      ['/verify-email', 'Verify Email'],
      ['/account/login', 'Login'],
      ['/settings/billing', 'Settings Billing'],
      ['/projects/web/board', 'Project Board'],
      ['/teams/growth', 'Team Detail'],
      ['/projects/new', 'New Project'],
      ['/campaigns/new', 'New Campaign'],
      ['/campaigns/new/template', 'Campaign Template'],
      ['/issues/create', 'New Issue'],
      ['/search', 'Search Results'],
      ['/#/feed', 'Feed'],
      ['/jobs/senior-product-designer-northbeam/apply', 'Job Application'],
      ['/rooms/48213/book', 'Room Booking'],
      ['/book/hotel-arbor-eixample', 'Booking'],
      ['/apply/48213', 'Application'],
      ['/posts/8f3a2c91/edit', 'Edit Post'],
      ['/applications/ww-48213/submitted', 'Application Submitted'],
      ['/subscribe/welcome', 'Subscription Confirmation'],
      ['/book/success', 'Booking Confirmation'],
      ['/bookings/7391824615/confirmation', 'Booking Confirmation'],
      ['/book/hotel-arbor-eixample/payment', 'Booking Payment'],
      ['/reserve/details', 'Reservation Details'],
      ['/onboarding/welcome', 'Onboarding Welcome'],
    ])('should name %s "%s"', (path, name) => {
      expect(nameFromUrlPath(path)).toBe(name);
    });

    it('should take a last segment that spells the heading for an item, and not otherwise', () => {
      expect(nameFromUrlPath('/album/midnight-tides', 'Midnight Tides')).toBe('Album Detail');
      expect(nameFromUrlPath('/album/midnight-tides', 'Good evening')).toBe('Album Midnight Tides');
      expect(nameFromUrlPath('/settings/billing', 'Billing')).toBe('Settings Billing');
    });

    it("should give a segment back the thin first letter its slash swallowed where the page shows the whole word", () => {
      expect(nameFromUrlPath('/lights/outbound', 'Select your outbound flight', false, ['Flights', 'Fares held for 20 minutes'])).toBe('Flights Outbound');
      // A word the page shows as read, or none longer by one letter, stays.
      expect(nameFromUrlPath('/lights/outbound', 'Smart lights', false, ['Lights', 'Flights'])).toBe('Lights Outbound');
      expect(nameFromUrlPath('/lights/outbound', 'Smart lights', false, ['Slights'])).toBe('Lights Outbound');
    });

    it("should take a last segment for an item where a breadcrumb on the page spells the whole path, and not for a line repeating it", () => {
      const path = '/audience/contacts/priya-natarajan';
      expect(nameFromUrlPath(path, 'Engaged last 30 days', false, ['Audience Contacts Priya Natarajan', 'Send email'])).toBe('Contact Profile');
      expect(nameFromUrlPath(path, 'Engaged last 30 days', false, ['Contacts', 'Send email'])).toBe('Contacts Priya Natarajan');
      expect(nameFromUrlPath('/product/session-replay', 'See every session', false, ['Session Replay'])).toBe('Product Session Replay');
    });

    it("should name a phone screen opened from a tab of things ('Tickets') one of them, and the tab's own list by the tab", () => {
      const ticket = evidence({ heading: 'Big Mouth Comedy Night', activeNav: 'Tickets', activeTab: true, texts: ['The Bell House 149 7th St'] });
      expect(nameScreen(ticket).name).toBe('Ticket Detail');
      expect(nameScreen({ ...ticket, texts: ['Tickets', 'Upcoming'] }).name).toBe('Tickets');
      expect(nameScreen({ ...ticket, activeTab: false }).name).toBe('Tickets');
      expect(nameScreen({ ...ticket, activeNav: 'Profile' }).name).toBe('Profile');
    });

    it("should not take a tour's confirmation that offers the calendar for an event", () => {
      const tour = evidence({ heading: 'Tour requested', texts: ['Sat, Jun 14 at 10:00 AM', 'The agent will confirm by text'], elements: buttons('Add to calendar', 'Share', 'Done') });
      expect(nameScreen(tour).name).not.toBe('Event Detail');
    });

    it('should not take a conversation, or a screen with its tab bar, for a story', () => {
      const chat = evidence({ heading: 'Priya Shah', texts: ['Active now', 'See you at 8?', 'Sounds good', 'Tomorrow works', 'Send message'] });
      expect(nameScreen(chat).name).not.toBe('Story');
      expect(nameScreen(evidence({ heading: 'Inbox', activeNav: 'Inbox', texts: ['Send message'] })).name).not.toBe('Story');
    });

    it("should name a panel by its own title ('Select tickets') rather than by its prices", () => {
      const sheet = evidence({ heading: 'Select tickets', isModal: true, texts: ['General Admission', '$48', 'VIP', '$85', 'Balcony', '$62', 'Standing', '$40'] });
      expect(nameScreen(sheet).name).toBe('Select Tickets Modal');
    });

    it("should name one story of a publication an Article, whatever section its address files it in, and not a front page of stories", () => {
      const story = (urlPath: string, texts: string[]) =>
        nameScreen(evidence({ urlPath, heading: "Europe's heatwave pushes power grids to the brink", texts, navCount: 6 })).name;
      const byline = ['By Elena Marsh and Tomasz Wójcik', 'Reporting from Madrid · June 10, 2025 · Updated 9:42 a.m. ET · 8 min read'];
      expect(story('/world/europe-heatwave-power-grid', byline)).toBe('Article');
      expect(story('/blog/europe-heatwave-power-grid', ['By Ana Ruiz', 'March 3, 2025'])).toBe('Article');
      expect(story('/world/europe-heatwave-power-grid', [])).toBe('World Detail');
      expect(story('/world', ['By Elena Marsh · 2h ago · 8 min read', 'By Ana Ruiz · 3h ago · 5 min read'])).toBe('World');
      expect(story('/', ['By Marcus Bell - 47m ago', 'By Priya Natarajan : 1h ago', 'By Elena Marsh and Tomasz Wéjelk : 2h ago - 8 min read'])).toBe('Home');
      expect(story('/signup/start', ['By signing up you agree to our Terms', 'Terms updated'])).not.toBe('Article');
    });

    it('should name a path searched after what it lists', () => {
      expect(nameFromUrlPath('/jobs', undefined, true)).toBe('Job Search Results');
      expect(nameFromUrlPath('/products', undefined, true)).toBe('Search Results');
      expect(nameFromUrlPath('/search', undefined, true)).toBe('Search Results');
      expect(nameFromUrlPath('/jobs')).toBe('Jobs');
      expect(nameFromUrlPath('/cart', undefined, true)).toBe('Cart');
      expect(nameFromUrlPath('/news', undefined, true)).toBe('News');
      expect(nameFromUrlPath('/status', undefined, true)).toBe('Status');
      expect(nameScreen(evidence({ urlPath: '/jobs', urlSearched: true, heading: 'Product designer jobs in New York' })).name).toBe('Job Search Results');
    });

    it("should leave out a workspace's slug that opens the path when the page shows that workspace", () => {
      const events = evidence({ urlPath: '/acme-store/events', heading: 'Events', activeNav: 'Events', breadcrumb: 'Acme Store / Events' });
      expect(nameScreen(events).name).toBe('Events');
      const overview = evidence({ urlPath: '/acme-store', heading: 'Overview', activeNav: 'Overview', texts: ['Acme Store', 'Production'] });
      expect(nameScreen(overview).name).toBe('Overview');
      // A slug the page shows only as its heading is the page's own name.
      expect(nameScreen(evidence({ urlPath: '/new-arrivals', heading: 'New Arrivals', texts: ['New Arrivals'] })).name).toBe('New Arrivals');
      expect(nameScreen(evidence({ urlPath: '/acme-store/events', heading: 'Events' })).name).toBe('Acme Store Events');
    });

    it('should read the path of a URL as OCR gives it, without the query', () => {
      expect(urlPathOf('paperleaf.co.uk/search?q=garden')).toBe('/search');
      expect(urlPathOf('https://app.example.com/settings/team#invite')).toBe('/settings/team');
      expect(urlPathOf('localhost:3000/cart')).toBe('/cart');
      expect(urlPathOf('shop.example.com')).toBe('/');
      // The slash after the host read as a letter; a host that goes on is left as it is.
      expect(urlPathOf('app.quantly.iojacme-store/events')).toBe('/acme-store/events');
      expect(urlPathOf('app.quantly.iojevents')).toBe('/events');
      expect(urlPathOf('www.apple.com/iphone')).toBe('/iphone');
      expect(urlPathOf('shop.example.comlcart')).toBe('/cart');
      // The dot before the top level read as a colon; a port stays a port.
      expect(urlPathOf('app.tanager:io/issues/WEB-142')).toBe('/issues/WEB-142');
      expect(urlPathOf('shop.example.com:8080/cart')).toBe('/cart');
      expect(urlPathOf('Free shipping on orders')).toBeUndefined();
    });

    it('should find the address bar near the top edge and where the page starts below it', () => {
      const chrome = findBrowserChrome(
        [
          item('Paperleaf – Independent bookshop', { x: 40, y: 12, width: 200, height: 12 }, 12),
          item('paperleaf.co.uk/books/the-secret-garden', { x: 120, y: 54, width: 280, height: 14 }),
          item('Stories worth staying up for', { x: 40, y: 300, width: 600, height: 40 }, 40),
        ],
        1366,
        768,
      );
      expect(chrome?.urlPath).toBe('/books/the-secret-garden');
      expect(chrome?.bottom).toBeGreaterThan(68);
      expect(chrome?.bottom).toBeLessThan(100);
      // Its site-info icon read as letters, the dot before the top level as a colon.
      const misread = findBrowserChrome([item('C1 app.tanager:io/issues/WEB-142', { x: 120, y: 54, width: 280, height: 14 })], 1440, 900);
      expect(misread?.urlPath).toBe('/issues/WEB-142');
      expect(misread?.searched).toBe(false);
      // The icon read as a letter joined to a misread 'www', tesseract unsure of it all; a query that searched.
      const unsure = findBrowserChrome([{ ...item('O_waw.workwell.io/jobs?q', { x: 128, y: 56, width: 300, height: 14 }), confidence: 12 }], 1366, 768);
      expect(unsure).toMatchObject({ urlPath: '/jobs', searched: true });
      const cut = findBrowserChrome([item('www.workwell.io/jobs?:', { x: 128, y: 56, width: 300, height: 14 })], 1366, 768);
      expect(cut).toMatchObject({ urlPath: '/jobs', searched: true });
      const paged = findBrowserChrome([item('www.workwell.io/jobs?page=2', { x: 128, y: 56, width: 300, height: 14 })], 1366, 768);
      expect(paged).toMatchObject({ urlPath: '/jobs', searched: false });
    });

    it('should not take a domain inside the page text for an address bar', () => {
      const items = [
        item('Acme', { x: 40, y: 20, width: 60, height: 20 }),
        item('Write to us at hello@acme.io today', { x: 300, y: 24, width: 260, height: 14 }),
        item('acme.io', { x: 40, y: 400, width: 60, height: 14 }),
      ];
      expect(findBrowserChrome(items, 1280, 720)).toBeUndefined();
    });

    it('should prefer the page kind when the path only holds an id, and the path when it says more', () => {
      const productPage = evidence({ heading: 'The Secret Garden', texts: ['£8.99', 'Add to basket'], sizes: [30, 14] });
      expect(nameScreen({ ...productPage, urlPath: '/books/the-secret-garden' }).name).toBe('Product Detail');
      // A course is enrolled in, a job applied for: the path says what the page is, though it has a price and a cart.
      const course = evidence({ heading: 'Python from Zero', texts: ['$14.99', '38,214 ratings'], sizes: [30, 12], elements: buttons('Add to cart', 'Enroll now') });
      expect(nameScreen({ ...course, urlPath: '/course/python-from-zero' }).name).toBe('Course Detail');
      expect(nameScreen({ ...course, elements: buttons('Add to cart'), urlPath: '/course/python-from-zero' }).name).toBe('Product Detail');
      const payment = evidence({ heading: 'How would you like to pay?', elements: [...inputs('Card number', 'Expiry'), ...buttons('Pay £14.99')], texts: ['Card number', 'Pay £14.99'] });
      expect(nameScreen({ ...payment, urlPath: '/checkout/payment' })).toEqual({ name: 'Checkout Payment', source: 'url' });
      const login = evidence({ heading: 'Welcome to Orbit', elements: [...inputs('Email'), ...buttons('Sign In')] });
      expect(nameScreen({ ...login, urlPath: '/' }).name).toBe('Login');
      expect(nameScreen(evidence({ heading: 'Three launches this week', urlPath: '/projects' }))).toEqual({ name: 'Projects', source: 'url' });
    });
  });

  describe('from the kind of page', () => {
    it.each<[string, Partial<NamingEvidence>]>([
      ['Login', { heading: 'Sign in to your account', texts: ['Email', 'Password', 'Forgot password?'], elements: [...inputs('Email', 'Password'), ...buttons('Sign in')] }],
      ['Login', { heading: 'Welcome back', texts: ['Email', 'Password', 'Log in'], elements: inputs('Email', 'Password') }],
      // The boxes' labels are placeholders inside them, unread: the way back in beside them says it.
      ['Login', { heading: 'Welcome back', texts: ['Log in to see your rewards and past orders.'], elements: [...links('Forgot password?'), ...buttons('Log In')] }],
      ['Forgot Password', { heading: 'Forgot password?', texts: ['Forgot password?', 'We will e-mail you a link', 'Log in'], elements: [...inputs('Email'), ...buttons('Send link')] }],
      ['Sign Up', { heading: 'Create your account', elements: [...inputs('Full Name', 'Email', 'Password'), ...buttons('Sign Up')] }],
      ['Sign Up', { heading: 'Join Loop', elements: [...inputs('Email', 'Password'), ...buttons('Create account')], texts: ['Already have an account? Log in'] }],
      ['Cart', { heading: 'Your Cart', texts: ['Linen Overshirt', '$68.00', 'Subtotal', '$92.00'] }],
      // A ticket bought on a phone: its receipt sent, the way into the wallet offered, the title the event's.
      ['Order Confirmation', { heading: 'Big Mouth Comedy Night', texts: ['A receipt was sent to', 'The Bell House', 'Add to Apple Wallet'] }],
      ['Event Detail', { heading: 'Big Mouth Comedy Night', texts: ['Sat, Jun 14 - 8:00 PM - Doors 7:00 PM', 'The Bell House'], elements: buttons('Add to calendar', 'Share') }],
      ['Event Detail', { heading: 'Marisol Vega Quartet', texts: ['Wed, Jun 18 · 9:00 PM · Doors 8:30 PM'] }],
      // A story over a photo: its caption and the reply box, nothing else read.
      ['Story', { heading: 'earned this one', texts: ['earned this one', '(send message N'] }],
      ['Story', { heading: '(send message', texts: ['(send message'] }],
      ['Cart', { heading: 'Pickup at Harbourside', texts: ['Oat Flat White', '$5.30', 'Subtotal', 'Total', '$5.30'] }],
      // A cart drawer: its title at the top, a line of an item read larger, a subtotal and no total yet.
      ['Cart', { heading: 'Jacket', texts: ['Your cart (1)', "You've unlocked free shipping", 'Jacket', '$179.00', 'Subtotal', '$179.00', 'Taxes calculated at checkout.', 'View cart'] }],
      ['Checkout', { heading: 'Checkout', elements: inputs('Email', 'Address', 'Card Number'), texts: ['Place Order'] }],
      ['Checkout', { heading: 'Confirm and pay', elements: inputs('Name on card', 'Expiration'), texts: ['€118 x 5 nights', '€590', 'Cleaning fee', '€35', 'Taxes', '€22', 'Total (EUR)', '€731'] }],
      // The first step of a checkout, under the trail of its steps: contact details and the cart's summary.
      ['Checkout', { heading: 'Contact', texts: ['Cart › Information › Shipping › Payment', 'Ridgeline Rain Jacket', '$179.00', 'Subtotal', 'Total', '$193.67'], elements: inputs('Email') }],
      ['Checkout', { heading: 'Log in', texts: ['Cart', 'Information Shipping', 'Payment', 'Ridgeline Rain Jacket', '$179.00', 'Subtotal', 'Total'], elements: inputs('Email', 'Address') }],
      // A subscription's last step: card details under a heading that says so, whatever the step and the button say.
      ['Checkout', { heading: 'Payment details', texts: ['Step 2 of 2', 'Credit or debit card', 'PayPal', 'Your plan', 'Premium Individual', '£11.99 / month'], elements: [...inputs('Name on card', 'Card number', 'Expiry date', 'Security code'), ...buttons('Start Premium')] }],
      // A lightbox over a hotel's page: a picture's caption and its place in the set.
      ['Photo Gallery', { texts: ['Wonderful - 2,318 reviews', 'Deluxe Double Room with balcony 2 / 48'] }],
      ['Photo Gallery', { texts: ['Hotel Arbor Eixample from Carrer del Consell de Cent - 1/ 48'], isModal: true }],
      ['Order Confirmation', { heading: 'Thank you for your order!', texts: ['Order #NW-48213 is confirmed.'] }],
      ['Order Confirmation', { heading: 'Order #214 placed', texts: ['Preparing'] }],
      ['Order Confirmation', { heading: 'Thank you for your order!', texts: ['Order #BK-1093 is confirmed.', 'Estimated delivery: Thursday 13 June'] }],
      ['Doctor Profile', {
        texts: ['home dermatologists in boston, ma dr. amelia hart', 'Book an appointment', 'Top rated', 'Dr. Amelia Hart, MD', 'Dermatologist - 14 years of experience'],
        activeNav: 'Find a doctor',
        navCount: 7,
        elements: buttons('Book an appointment'),
      }],
      // A delivery followed where it was confirmed, on its way within the hour.
      ['Order Tracking', { heading: 'Preparing your order', texts: ['Order confirmed -', '7:25-7:35 PM - Estimated arrival'], elements: buttons('Order details') }],
      ['Product Detail', { heading: 'Linen Overshirt', texts: ['$68.00', 'Size', 'Add to Cart'], sizes: [23, 12, 15] }],
      ['Product Listing', { heading: 'All Products', texts: ['$68.00', '$32.00', '$24.00', '$96.00', '$18.00', 'Add to cart'] }],
      // A category opened from the home tab, its items counted over two priced cards: a list, whatever tab is lit.
      ['Product Listing', {
        heading: 'Dresses',
        texts: ['Women / Clothing', 'Dresses', 'Filter', '312 items', 'Satin Slip Midi Dress', '€55.95', '€89.95'],
        activeNav: 'Home',
        navCount: 5,
      }],
      // Sorted, its sort control showing the order chosen (its icon read as letters), scrolled past the count.
      ['Product Listing', {
        heading: 'Dresses',
        texts: ['Dresses', 'Filter', 'LT Price: low to high', 'Ribbed Knit Midi Dress', '€59.95', '€65.00', '2 colours'],
        activeNav: 'Home',
        navCount: 5,
      }],
      // Scrolled to two cards, each with its own button: still the list.
      ['Product Listing', { heading: 'All Products', texts: ['Showing 8 of 64 products', '$68.00', '$32.00'], elements: buttons('Add to cart') }],
      ['Search', { heading: 'Where to?', texts: ['Stays', 'Experiences', 'Where to?', 'Q Search destination', 'Recent and suggested', 'Porto, Portugal'], elements: buttons('Q Search destination', 'Add dates') }],
      ['Search', { texts: ['Recent searches', 'rain jacket', 'hiking boots'], elements: inputs('Search gear, brands, trips') }],
      ['Search Results', { heading: 'Stays in Lisbon', texts: ['Lisbon', 'Any week · 2 guests', '312 stays · Prices include all fees', 'Loft in Alfama', '€118 night'] }],
      ['Search Results', { heading: 'Results for “garden”', texts: ['Showing 1–4 of 15 books', '£8.99', '£12.50'] }],
      ['Settings', { heading: 'Workspace settings', elements: [...inputs('Full Name'), ...buttons('Save changes'), { kind: 'tab', label: 'Team' }] }],
      ['Profile', { heading: 'Maya Chen', texts: ['248', 'Posts', '12.4k', 'Followers', '310', 'Following'] }],
      ['Profile', { heading: 'Sam Okafor', texts: ['Rewards & stamps', 'Payment methods', 'Notifications', 'Log out'] }],
      // The user's own page, with its last order's total and a wishlist row: no product page, named by its lit tab.
      ['Account', {
        heading: 'Payment methods',
        texts: ['TS-4829107', '3 items · €152.61', 'Orders & returns', 'Wishlist', 'Addresses', 'Notifications', 'Help & contact', 'Sign out'],
        activeNav: 'Account',
        navCount: 5,
      }],
      ['User Profile', { heading: 'noor.captures', texts: ['Posts', 'Followers', 'Following'], elements: buttons('Follow', 'Message') }],
      ['User Profile', { heading: 'noor.captures', texts: ['Posts', 'Followers', 'Following'], elements: inputs('Message') }],
      ['Profile', { heading: 'maya.chen', texts: ['Posts', 'Followers', 'Following'], elements: buttons('Edit profile', 'Follow') }],
      ['Dashboard', { heading: 'Good numbers', texts: ['12,480', '$48,920', '3.42%', '+8.2% vs last month'] }],
      ['Onboarding Step 2', { heading: 'Upload Demo Video', texts: ['Step 2 of 2'] }],
      ['Onboarding', { heading: 'Share moments with friends', texts: ['Get Started', 'Already have an account? Log in'], heroHeading: true, isFirstFrame: true }],
      // Ways in that serve newcomers and members alike.
      ['Welcome', { heading: '(6) pennywise', texts: ['Know where every', 'pound goes', 'By continuing you agree to our terms'], elements: buttons('Continue with Apple', 'Continue with email'), isFirstFrame: true }],
      // An app's welcome: its promise low on the screen, the newcomers' button unread, a way back in for members.
      ['Welcome', { heading: 'Find your calm, one breath at a time', texts: ['Guided meditations, sleep stories and breathing', 'Already have an account'], isFirstFrame: true }],
      ['Home', { heading: 'Sam, coffee time?', texts: ['Good morning', 'Oat Flat White', '$4.80', '$5.40', '$5.10', '$4.60'] }],
      ['Pricing', { heading: 'Simple pricing for every team', texts: ['$0 / month', '$29 / month'] }],
      ['Pricing', { heading: 'Family', texts: ['£16.99 / month', '£19.99 / month', 'Get Premium Family'] }],
      ['Paywall', { heading: 'Start your 7-day free trial', texts: ['Your plan for less stress and better sleep is ready.', 'Monthly', '$12.99 / month'], elements: [...buttons('Start free trial'), { kind: 'link', label: 'Restore' }] }],
      ['Booking Confirmation', { heading: "You're going to Lisbon!", texts: ['Inés has your reservation. We sent a receipt to'] }],
    ])('should call it %s', (name, fields) => {
      expect(nameScreen(evidence(fields)).name).toBe(name);
    });

    it("should see no gallery in a step's, a question's or a rating's count, a set of three, or a product's pictures", () => {
      for (const text of ['Passenger details 2 / 4', 'Question 3 / 10', 'Rated 4/5', 'Pool at night 2 / 3', 'Thu 18/09']) {
        expect(nameScreen(evidence({ heading: 'Your trip', texts: [text] })).name).not.toBe('Photo Gallery');
      }
      // A product's page counting its pictures under the photo.
      expect(nameScreen(evidence({ heading: 'Linen Overshirt', texts: ['Linen Overshirt front 1 / 6', '$68.00'] })).name).not.toBe('Photo Gallery');
    });

    it("should name an app's table of events or orders after its selected section, though it is counted, filtered or priced", () => {
      const events = evidence({ heading: 'Events', activeNav: 'Events', texts: ['Showing 14 of 14', 'Filter events by name...', 'Page Viewed', '1,204,882', 'Checkout Started', '19,402'] });
      expect(nameScreen(events).name).toBe('Events');
      const orders = evidence({ heading: 'Orders', activeNav: 'Orders', texts: ['#1042', '$68.00', '#1041', '$32.00', '#1040', '$24.00', '#1039', '$96.00'] });
      expect(nameScreen(orders).name).toBe('Orders');
      expect(nameScreen(evidence({ texts: orders.texts })).name).toBe('Product Listing');
    });

    it("should name an onboarding's question by what it asks the newcomer about, and a quiz's question or a tab's not", () => {
      const goals = evidence({ heading: 'What would you like to work on?', texts: ['Pick at least one goal', 'Reduce stress', 'Sleep better'], elements: buttons('Continue') });
      expect(nameScreen(goals).name).toBe('Onboarding Goals');
      expect(nameScreen(evidence({ heading: 'How much have you meditated before?', texts: ['Never', 'A few times'] })).name).toBe('Onboarding Experience');
      expect(nameScreen(evidence({ heading: 'When do you want to meditate?', texts: ['Morning', 'Evening'] })).name).toBe('Onboarding Reminder');
      // The languages listed name the picker, under a question read in pieces or not at all.
      const course = evidence({ heading: 'Spanish', texts: ['what would you like to', 'learn?', 'Spanish', '48.2M learners', 'French', '27.4M learners', 'Japanese'] });
      expect(nameScreen(course).name).toBe('Language Selection');
      expect(nameScreen(evidence({ heading: 'Write this in Spanish', texts: ['Write this in Spanish', 'La cuenta, por favor', 'English'] })).name).not.toBe('Language Selection');
      // A quiz asks about what it shows; a tabbed app's question is a screen of the app.
      expect(nameScreen(evidence({ heading: 'Which one is “the coffee”?', texts: ['el café', 'la leche'] })).name).not.toMatch(/^Onboarding/);
      expect(nameScreen({ ...goals, navCount: 4, activeNav: 'Explore' }).name).not.toMatch(/^Onboarding/);
      expect(nameScreen({ ...goals, isModal: true }).name).not.toMatch(/^Onboarding/);
    });

    it("should not call a booking's form or its confirmation, which name the doctor too, the Doctor Profile", () => {
      const form = evidence({ heading: 'Patient details', texts: ['Your appointment', 'Dr. Amelia Hart, MD.', 'Book appointment'], elements: inputs('First name', 'Last name') });
      expect(nameScreen(form).name).not.toBe('Doctor Profile');
      const booked = evidence({ heading: "You're booked", texts: ["You're booked!", 'We sent a confirmation to', 'Dr. Amelia Hart, MD', 'Book faster next time'] });
      expect(nameScreen(booked).name).toBe('Booking Confirmation');
    });

    it("should call a step whose title asks for one choice that thing's selection, before its address or a search box", () => {
      expect(nameScreen(evidence({ heading: 'Choose your bank', texts: ['Popular banks', 'Monzo', 'Barclays'], elements: buttons('Search 2,400+ banks') })).name).toBe('Bank Selection');
      expect(nameScreen(evidence({ heading: 'Choose your seats', urlPath: '/booking/seats', texts: ['Airbus A320neo', '12A'] })).name).toBe('Seat Selection');
      // Another path names another thing; plans and a product's options have their own pages.
      expect(nameScreen(evidence({ heading: 'Choose your seats', urlPath: '/booking/extras' })).name).not.toBe('Seat Selection');
      expect(nameScreen(evidence({ heading: 'Choose your plan', texts: ['$9 / month', '$19 / month'] })).name).toBe('Pricing');
      expect(nameScreen(evidence({ heading: 'Select a size', texts: ['S', 'M', 'L'] })).name).not.toBe('Size Selection');
    });

    it('should not take amounts set against a total, a budget\'s or a goal\'s progress, for the prices of a listing', () => {
      const budgets = evidence({ heading: 'Budgets', texts: ['£255.92', '£96.45', '£303.55 of £400.00', '£34.20', '£184.20 of £150.00', '£63.60'] });
      expect(nameScreen(budgets).name).toBe('Budgets');
      expect(nameScreen({ ...budgets, texts: ['£255.92', '£96.45', '£34.20', '£63.60'] }).name).toBe('Product Listing');
      const goals = ['£4,860.00', 'Target £4,000 · by March 2026', '£2,400.00', 'Target £6,000 · No deadline', '£310.00'];
      expect(nameScreen(evidence({ heading: 'Goals', texts: goals })).name).toBe('Goals');
    });

    it("should call a lit tab's screen by its own title where that only adds what the tab keeps", () => {
      // The tab bar's own 'Saved' read on the screen: the list is on view, not one of its homes.
      const saved = evidence({ heading: 'Saved homes', navCount: 4, activeNav: 'Saved', texts: ['Saved homes', '1408 Barton Hills Dr #4', 'Search', 'Saved', 'Messages'] });
      expect(nameScreen(saved).name).toBe('Saved Homes');
      expect(nameScreen({ ...saved, heading: 'Discover new music', activeNav: 'Discover', texts: ['Discover'] }).name).toBe('Discover');
      expect(nameScreen({ ...saved, heading: 'Saved 12' }).name).toBe('Saved');
    });

    it("should call a booking's step that asks who comes, by its address, their details", () => {
      const who = evidence({ heading: "Who's flying?", elements: inputs('First name', 'Last name', 'Email address') });
      expect(nameScreen({ ...who, urlPath: '/booking/passengers' }).name).toBe('Passenger Details');
      // A path that names who comes needs one field of theirs; one that names the booking, two.
      expect(nameScreen(evidence({ heading: 'adult 2', urlPath: '/booking/passengers', elements: inputs('Title', 'Last name') })).name).toBe('Passenger Details');
      expect(nameScreen(evidence({ heading: 'Your stay', urlPath: '/book', elements: inputs('Last name') })).name).not.toBe('Booking Details');
      expect(nameScreen({ ...who, heading: 'Enter your details', urlPath: '/book' }).name).toBe('Booking Details');
      // Another page's form, or a booking's step that asks nothing of who comes, keeps its own name.
      expect(nameScreen({ ...who, urlPath: '/contact' }).name).not.toMatch(/Details$/);
      expect(nameScreen(evidence({ heading: 'Choose your seats', urlPath: '/booking/passengers', elements: inputs('Seat') })).name).not.toMatch(/Details$/);
    });

    it("should call a booking's last step, its choices shown back to be checked, Review Booking and not a product", () => {
      const review = evidence({
        heading: 'Review and confirm',
        navCount: 1,
        texts: ['Patient details', 'Review & confirm', 'Please check everything below before you book.', 'Dr. Amelia Hart, MD.', '$40 copay'],
        elements: buttons('Edit', 'Confirm booking'),
      });
      expect(nameScreen(review).name).toBe('Review Booking');
      expect(nameScreen(evidence({ heading: 'Review your reservation', texts: ['2 guests', 'Fri, Sep 12'] })).name).toBe('Review Booking');
      // A shop's product with its reviews, and an order reviewed at the checkout, are not.
      const product = evidence({ heading: 'Linen Overshirt', texts: ['$68.00', 'Reviews (24)', 'Add to Cart'], sizes: [23, 12, 15] });
      expect(nameScreen(product).name).toBe('Product Detail');
      expect(nameScreen(evidence({ heading: 'Review and pay', texts: ['Order summary', '$68.00'] })).name).not.toBe('Review Booking');
    });

    it("should call a lesson's exercises, each checked with a button and no tab bar, the Lesson", () => {
      expect(nameScreen(evidence({ heading: 'Which one is “the coffee”?', elements: buttons('New Word', 'Check') })).name).toBe('Lesson');
      expect(nameScreen(evidence({ heading: 'Write this in Spanish', texts: ['Type in Spanish'], elements: buttons('Check') })).name).toBe('Lesson');
      expect(nameScreen(evidence({ texts: ['Tea', 'Water'], elements: buttons('Tea', 'Water', 'Check') })).name).toBe('Lesson');
      // A tabbed screen's 'Check' checks something else (an inbox, a balance).
      expect(nameScreen(evidence({ heading: 'Inbox', navCount: 4, activeNav: 'Inbox', elements: buttons('Check') })).name).not.toBe('Lesson');
      expect(nameScreen(evidence({ heading: 'Hotel Lisboa', elements: buttons('Check availability') })).name).not.toBe('Lesson');
    });

    it("should call a page of plans Pricing, and a phone app's offer of its subscription beside a way to restore it Paywall", () => {
      const offer = evidence({ heading: 'Start your 7-day free trial', texts: ['$12.99 / month', '$59.99 / year'], elements: buttons('Start free trial', 'Restore purchases') });
      expect(nameScreen(offer).name).toBe('Paywall');
      expect(nameScreen({ ...offer, elements: buttons('Start free trial') }).name).toBe('Pricing');
      expect(nameScreen({ ...offer, urlPath: '/pricing' }).name).toBe('Pricing');
      expect(nameScreen(evidence({ heading: 'Backups', texts: ['Last backup 2 days ago'], elements: buttons('Restore') })).name).not.toBe('Paywall');
    });

    it("should call a social app's Home tab showing posts liked and commented on, or its stories' row, its Home Feed", () => {
      const feed = evidence({ activeNav: 'Home', activeTab: true, navCount: 5, texts: ['Liked by theo.walks and 1,204 others', 'View all 48 comments', 'Liked by mira.jpg and 863 others'] });
      expect(nameScreen(feed).name).toBe('Home Feed');
      // Its first frame may show only the stories' row over a photo.
      expect(nameScreen({ ...feed, texts: ['Your story', 'mira.jpg', 'lena.moss', 'Lake Bled, Slovenia'] }).name).toBe('Home Feed');
      expect(nameScreen({ ...feed, texts: ['Good morning', 'Your orders'] }).name).toBe('Home');
      expect(nameScreen({ ...feed, activeNav: 'Explore' }).name).toBe('Explore');
    });

    it('should take what was found, counted with its distance or its order, for search results', () => {
      const doctors = evidence({ heading: 'Dermatologists near Boston,', texts: ['48 dermatologists - Within 5 miles - Sorted by best match', '$40 copay', '$25 copay', '$30 copay', '$45 copay'] });
      expect(nameScreen(doctors).name).toBe('Search Results');
      expect(nameScreen({ ...doctors, texts: ['36 dermatologists : Within 5 miles'] }).name).toBe('Search Results');
      expect(nameScreen({ ...doctors, texts: ['48 dermatologists in our network'] }).name).not.toBe('Search Results');
    });

    it('should not take the suggestions counted under a search box being typed into for results', () => {
      expect(nameScreen(evidence({ heading: 'Where to?', texts: ['Stays', 'Lis', '3 matches', 'Lisbon, Portugal', 'Lisbon Coast, Cascais'] })).name).not.toBe('Search Results');
    });

    it('should not take a sign-up that says "you\'re all set" for a booking', () => {
      expect(nameScreen(evidence({ heading: "You're all set!", texts: ['Your workspace is ready', 'Go to dashboard'] })).name).not.toBe('Booking Confirmation');
    });

    it("should take \"you're all set\" with what the plan costs from when ('Free until', 'Then') for a subscription confirmed, and a sign-up's for none", () => {
      const subscribed = evidence({ heading: "You're all set", texts: ['Plan', 'Stillpoint Premium - Annual', 'Free until', 'Jun 14, 2026', 'Then', '$69.99/year'] });
      expect(nameScreen(subscribed).name).toBe('Subscription Confirmation');
      expect(nameScreen(evidence({ heading: "You're all set!", texts: ['Your workspace is ready', 'Then invite your team'] })).name).not.toBe('Subscription Confirmation');
    });

    it("should call a website's front page that invites visitors to sign in or start Home, not an app's welcome screen", () => {
      const welcome = evidence({ heading: 'Know why users stay, and why they leave.', texts: ['Start free', 'Sign in'], heroHeading: true, isFirstFrame: true });
      expect(nameScreen(welcome).name).toBe('Welcome');
      expect(nameScreen({ ...welcome, urlPath: '/' }).name).toBe('Home');
      // Not the first screen, or a sign-in offered on an app's first screen without a promise: nothing says welcome.
      expect(nameScreen(evidence({ heading: 'Find your calm, one breath at a time', texts: ['Already have an account'] })).name).not.toBe('Welcome');
      expect(nameScreen(evidence({ heading: 'Recipes', texts: ['Sign in', 'Pasta', 'Salads', 'Soups', 'Desserts', 'Breads'], isFirstFrame: true, elements: buttons('Save', 'Share', 'Print', 'Rate', 'Cook') })).name).not.toBe('Welcome');
    });

    it('should call the first screen of a marketing site with a hero and navigation Home, and only that one', () => {
      const hero = evidence({ heading: 'Everyday essentials, thoughtfully made', heroHeading: true, navCount: 5, texts: ['Shop now', '$68.00', '$32.00', '$24.00', '$96.00'] });
      expect(nameScreen({ ...hero, isFirstFrame: true }).name).toBe('Home');
      expect(nameScreen({ ...hero, isFirstFrame: false, homeHeading: 'Everyday essentials thoughtfully made' }).name).toBe('Home');
      expect(nameScreen({ ...hero, isFirstFrame: false }).name).toBe('Product Listing');
    });

    it('should call one thing opened from a list, under its overview and reviews tabs, after the kind of thing the list shows', () => {
      const workout = evidence({ heading: 'Push-up', texts: ['42 min', 'Duration', 'Overview', 'Exercises', 'Reviews', 'Goblet Squat', 'Push-up'] });
      expect(nameScreen({ ...workout, listName: 'Workouts' }).name).toBe('Workout Detail');
      expect(nameScreen({ ...workout, listName: 'Courses' }).name).toBe('Course Detail');
      // Without a list before it, nothing says what it is a detail of.
      expect(nameScreen(workout).name).toBe('Push-up');
      expect(nameScreen({ ...workout, texts: ['42 min', 'Overview', 'Exercises'], listName: 'Workouts' }).name).toBe('Push-up');
    });

    it('should call a session under way Active and what it is, its finishing button read with its icon', () => {
      const session = evidence({ heading: 'Goblet Squat', texts: ['(finish workout', 'exercise 1 of 6', 'elapsed', '12:42', 'Goblet Squat', 'Set 3 of 3', 'Up next', 'Push-up'], elements: buttons('(finish workout') });
      expect(nameScreen(session).name).toBe('Active Workout');
      expect(nameScreen({ ...session, heading: 'Evening Ride', texts: ['End ride', '12.4 km', 'Elapsed', '38:10'], elements: buttons('End ride') }).name).toBe('Active Ride');
      // A finishing button alone is not a session under way: a plan's page offers to finish setting it up.
      expect(nameScreen({ ...session, texts: ['Finish workout', 'Goblet Squat'], elements: [] }).name).toBe('Goblet Squat');
    });

    it("should not take a record's title that mentions a checkout or a cart for that page, and take a title that is one", () => {
      expect(nameScreen(evidence({ heading: 'Checkout button overlaps promo banner on Safari 17', urlPath: '/issues/web-142' })).name).toBe('Issue Detail');
      expect(nameScreen(evidence({ heading: 'Cart total is wrong after a coupon is removed', texts: ['Open', 'Priority'] })).name).not.toBe('Cart');
      expect(nameScreen(evidence({ heading: 'Secure checkout' })).name).toBe('Checkout');
      expect(nameScreen(evidence({ heading: 'Your shopping bag' })).name).toBe('Cart');
    });

    it("should call one home or stay of a marketplace, priced and asked about, its listing's detail", () => {
      const texts = ['$2,450/mo', '1408 Barton Hills Dr #4', '2 Beds', 'About this home'];
      expect(nameScreen(evidence({ heading: '1408 Barton Hills Dr #4', texts, elements: buttons('Contact agent', 'Request a tour') })).name).toBe('Listing Detail');
      expect(nameScreen(evidence({ heading: 'Linen Overshirt', texts: ['£48.00', 'Size'], elements: buttons('Add to cart') })).name).toBe('Product Detail');
      // The guest's details asked for beside the room's price and reviews: no product page.
      const guest = evidence({ heading: 'Enter your details', texts: ['In property currency: €1,317.60', 'Guest reviews'], elements: inputs('First name', 'Last name', 'Email address') });
      expect(nameScreen(guest).name).not.toMatch(/Product Detail|Listing Detail/);
      expect(nameScreen({ ...guest, elements: [...guest.elements, ...buttons('Request a tour')] }).name).not.toMatch(/Product Detail|Listing Detail/);
      expect(nameScreen({ ...guest, elements: inputs('Email address') }).name).toBe('Product Detail');
      // 'Reserve' is as often a feature of an app's home (a ride or a table booked ahead) as a listing's button.
      expect(nameScreen(evidence({ heading: 'Good evening, Maya', texts: ['Where to?', 'Ride', 'Reserve'] })).name).not.toBe('Listing Detail');
    });

    it("should call dishes listed under a restaurant's courses its menu, and a shop's sorted list a listing", () => {
      const dishes = ['Margherita', '£10.50', 'Pepperoni Classic', '£12.00'];
      expect(nameScreen(evidence({ heading: "Nonna's Pizzeria", texts: ['Popular', 'Mains', 'Sides', 'Drinks', ...dishes] })).name).toBe('Restaurant Menu');
      expect(nameScreen(evidence({ heading: "Nonna's Pizzeria", texts: ['Popular', 'Sort by', ...dishes] })).name).toBe('Product Listing');
    });

    it('should call a list with a sort whose icon reads as a letter, or a count of results, a listing, not one item', () => {
      const cards = ['Dr. Marcus Lee, MD', '4.8 (528 reviews)', 'new patient visits are usually $30 to $60'];
      const doctors = evidence({ heading: 'Dermatologists near Boston, MA', texts: ['Jf Sort by', 'Best match', ...cards] });
      expect(nameScreen(doctors).name).toBe('Product Listing');
      expect(nameScreen({ ...doctors, texts: ['Map · 48 results', ...cards] }).name).toBe('Product Listing');
      expect(nameScreen({ ...doctors, texts: cards }).name).toBe('Product Detail');
    });

    it('should call a sheet for choosing the options of one dish, each with its price, the product', () => {
      const texts = ['Margherita', 'From £10.50 - 780 kcal', 'Choose a size', 'Required', 'Regular (10")', '£0.00', 'Large (14")', '£2.00', 'Extras', 'Extra mozzarella', '£1.50', 'Quantity', '£12.50'];
      expect(nameScreen(evidence({ heading: 'Margherita', texts, isModal: true })).name).toBe('Product Detail Modal');
      const withoutChoice = texts.filter((text) => text !== 'Choose a size');
      expect(nameScreen(evidence({ heading: 'Margherita', texts: withoutChoice, isModal: true })).name).toBe('Product Listing Modal');
    });

    it("should call a shop's first screen Home when the largest heading read is its departments'", () => {
      const front = evidence({ heading: 'Shop by activity', navCount: 8, texts: ['Free shipping on orders over $75', 'Shop new arrivals', 'Find a store', 'Hiking', 'Camping'] });
      expect(nameScreen({ ...front, isFirstFrame: true }).name).toBe('Home');
      expect(nameScreen({ ...front, isFirstFrame: false }).name).not.toBe('Home');
      expect(nameScreen({ ...front, isFirstFrame: true, navCount: 0 }).name).not.toBe('Home');
    });
  });

  describe('from the navigation and the heading', () => {
    it('should take the selected navigation entry over a weak page kind but not over a strong one', () => {
      const charts = evidence({ heading: 'Team performance', texts: ['1,204', '98.2%', '4.1h', 'this week'] });
      expect(nameScreen(charts).name).toBe('Dashboard');
      expect(nameScreen({ ...charts, activeNav: 'Reports' })).toEqual({ name: 'Reports', source: 'navigation' });
      const login = evidence({ heading: 'Sign in', elements: inputs('Email', 'Password'), activeNav: 'Pricing' });
      expect(nameScreen(login).name).toBe('Login');
    });

    it("should name an app's home that greets its user after its selected tab, and Home without one", () => {
      const greeting = evidence({ heading: 'Good morning, Alex', texts: ['Tuesday, 14 October', 'Upper body strength', '3 of 5 workouts this week'] });
      expect(nameScreen(greeting).name).toBe('Home');
      expect(nameScreen({ ...greeting, activeNav: 'Today' })).toEqual({ name: 'Today', source: 'navigation' });
    });

    it('should name a titled page that greets its user under the title after its title, not Home', () => {
      const visits = evidence({ heading: 'My appointments', texts: ['Welcome back, Sofia. Manage your visits, forms and messages in one place.', 'Confirmed'] });
      expect(nameScreen(visits).name).toBe('Appointments');
      expect(nameScreen({ ...visits, heading: 'Sofia, ready for today?' }).name).toBe('Home');
    });

    it('should shorten the heading to a few Title Case words when nothing else names the screen', () => {
      expect(nameScreen(evidence({ heading: 'Everyday essentials, thoughtfully made' }))).toEqual({ name: 'Everyday Essentials', source: 'heading' });
      expect(shortName('YOUR ORDER HISTORY')).toBe('Order History');
      expect(shortName('Invite a teammate')).toBe('Invite Teammate');
      expect(shortName('You’re going to Lisbon!')).toBe("You're Going to Lisbon");
      expect(shortName('“Quoted” title')).toBe('Quoted Title');
      expect(shortName('Manage the notifications of every project in one place')).toBe('Manage Notifications of Every Project');
      expect(nameScreen(evidence())).toEqual({ name: '', source: 'none' });
    });

    it('should call the plans of a product its plans, not the product alone', () => {
      const plans = evidence({ heading: 'Family', texts: ['£11.99 / month', '£16.99 / month', '£19.99 / month'] });
      expect(nameScreen({ ...plans, urlPath: '/premium' }).name).toBe('Premium Plans');
      expect(nameScreen({ ...plans, urlPath: '/pricing' }).name).toBe('Pricing');
      const payment = evidence({ heading: 'Payment details', elements: inputs('Card number', 'Expiry date'), texts: ['£11.99 / month', '£11.99 / month'] });
      expect(nameScreen({ ...payment, urlPath: '/checkout' }).name).toBe('Checkout');
    });

    it('should name a sign-in form that offers to create an account by its heading', () => {
      const form = inputs('Email', 'Password');
      expect(nameScreen(evidence({ heading: 'Welcome back', elements: [...form, ...buttons('Sign in', 'Create an account')] })).name).toBe('Login');
      expect(nameScreen(evidence({ heading: 'Create your account', elements: [...form, ...buttons('Log in')] })).name).toBe('Sign Up');
      expect(nameScreen(evidence({ heading: 'Pulse', elements: [...form, ...buttons('Create an account')] })).name).toBe('Sign Up');
    });

    it('should not take a heading of layout words for a name', () => {
      expect(nameScreen(evidence({ heading: 'Featured' })).name).toBe('');
      expect(nameScreen(evidence({ heading: 'Recently played' })).name).toBe('');
      expect(nameScreen(evidence({ heading: 'Featured', activeNav: 'Discover' })).name).toBe('Discover');
      expect(nameScreen(evidence({ heading: 'New arrivals' })).name).toBe('New Arrivals');
    });

    it('should name a dialog after its heading or kind, as a modal', () => {
      expect(nameScreen(evidence({ heading: 'Invite a teammate', isModal: true, activeNav: 'Settings' })).name).toBe('Invite Teammate Modal');
      expect(nameScreen(evidence({ heading: 'Welcome back', isModal: true, elements: inputs('Email', 'Password') })).name).toBe('Login Modal');
    });
  });

  describe('cleaned of OCR noise', () => {
    const width = 1280;
    const height = 720;

    /** One OCR line per text, words spaced like rendered type, each with the confidence OCR gave it. */
    function lineOf(text: string, x: number, y: number, size: number, confidence = 93): OcrLine {
      let left = x;
      const words = text.split(' ').map((word) => {
        const box = { x: left, y, width: word.length * size * 0.55, height: size };
        left += box.width + size * 0.3;
        return { text: word, confidence, box };
      });
      return { text, confidence, box: { x, y, width: left - x, height: size }, words };
    }

    function page(lines: OcrLine[], size = { width, height }): OcrPage {
      const rgb = new Uint8Array(size.width * size.height * 3).fill(250);
      const gray = new Uint8Array(size.width * size.height).fill(255);
      return { ...size, scale: 1, gray, color: { ...size, rgb, scale: 1 }, lines };
    }

    const frame = (index: number, size = { width, height }): KeyFrame => ({
      index, timeSec: index, startSec: index, endSec: index + 1, imagePath: '', ...size, scrolledFromPrevious: false, changedRegions: [],
    });

    it("should name a phone app's screen after its lit tab when its title is a promise ('Find your next home')", () => {
      const phone = { width: 390, height: 844 };
      const tabs = [['Search', 20], ['Saved', 120], ['Messages', 210], ['Profile', 310]] as const;
      const screen = (title: string): OcrPage => {
        const framed = page([
          lineOf(title, 16, 100, 28),
          lineOf('Apartments, houses and townhomes in 300+ US cities', 16, 140, 13),
          lineOf('Recent searches', 16, 300, 15),
          ...tabs.map(([label, x]) => lineOf(label, x, 806, 11)),
        ], phone);
        // The lit tab's label is green, the others grey.
        for (const [label, x] of tabs) {
          const ink = label === 'Search' ? [16, 122, 87] : [120, 120, 120];
          for (let y = 808; y < 815; y += 1) {
            for (let dx = 0; dx < label.length * 6; dx += 2) framed.color.rgb.set(ink, ((y * phone.width) + x + dx) * 3);
          }
        }
        return framed;
      };
      expect(understandPage(screen('Find your next home'), frame(0, phone)).screenName).toBe('Search');
      expect(understandPage(screen('Brooklyn, NY'), frame(0, phone)).screenName).toBe('Search');
      expect(understandPage(screen('Homes near the lake'), frame(0, phone)).screenName).not.toBe('Search');
    });

    it("should take the one label of a phone's tab bar a frame did not read for its lit tab, once other frames read it", () => {
      const phone = { width: 360, height: 780 };
      const tabs = [['Learn', 20], ['Practice', 100], ['Leaderboard', 180], ['Profile', 290]] as const;
      // The lit tab sits on a pill in bold: the reader often misses it.
      const screen = (title: string, unread: string[] = [], lit?: string): OcrPage => {
        const framed = page([
          lineOf(title, 16, 100, 26),
          lineOf('Top ten advance to the next league', 16, 140, 13),
          lineOf('Ends in three days', 16, 170, 13),
          ...tabs.filter(([label]) => !unread.includes(label)).map(([label, x]) => lineOf(label, x, 750, label === lit ? 15 : 11)),
        ], phone);
        for (const [label, x] of tabs) {
          const ink = label === lit ? [16, 122, 87] : [120, 120, 120];
          for (let y = 752; y < 759; y += 1) {
            for (let dx = 0; dx < label.length * 6; dx += 2) framed.color.rgb.set(ink, ((y * phone.width) + x + dx) * 3);
          }
        }
        return framed;
      };
      const names = (pages: OcrPage[]): string[] => {
        const context: VideoContext = {};
        const readings = pages.map((framed, i) => readPage(framed, frame(i, phone), context));
        const words = new RecordingWords();
        for (const reading of readings) words.addReading(reading.read);
        return readings.map((reading) => finishPage(reading, words, context).screenName);
      };
      const path = [screen('Order a coffee'), screen('Unit one')];
      expect(names([...path, screen('Bronze League', ['Leaderboard'])])[2]).toBe('Leaderboard');
      // Alone, or with two labels unread, the frame tells nothing of its tab.
      expect(names([screen('Bronze League', ['Leaderboard'])])[0]).toBe('Bronze League');
      expect(names([...path, screen('Bronze League', ['Leaderboard', 'Profile'])])[2]).toBe('Bronze League');
      // A tab read lit is the lit one, though its bold label, read larger, names no titled screen: the unread label
      // is only unread (a tap's circle over it).
      expect(names([...path, screen('Bronze League', ['Leaderboard'], 'Practice')])[2]).toBe('Bronze League');
      // A label misread on a frame or two is no tab of the bar.
      const misread = (title: string): OcrPage => ({ ...screen(title), lines: [...screen(title).lines, lineOf('Horn', 330, 750, 11)] });
      const many = [screen('Order a coffee'), screen('Unit one'), screen('Unit two'), screen('Unit three'), screen('Unit four')];
      expect(names([misread('Milk'), misread('Tea'), ...many, screen('Bronze League', ['Leaderboard'])])[7]).toBe('Leaderboard');
    });

    it("should leave a phone's status bar out of the screen, and a date set in bold out of its names", () => {
      const phone = { width: 390, height: 844 };
      const listing = page([
        lineOf('41', 28, 16, 15),
        lineOf('All )', 300, 16, 13),
        lineOf('New - 2 days ago', 16, 330, 12),
        lineOf('Jun 1', 300, 420, 16),
        lineOf('Available', 290, 440, 11),
        lineOf('About this home', 16, 520, 15),
        lineOf('Corner unit on the second floor of a quiet building', 16, 550, 13),
      ], phone);
      const seen = understandPage(listing, frame(1, phone));
      expect(seen.words).not.toContain('41');
      expect(seen.elements.map((element) => element.label)).not.toContain('All )');
      expect(seen.heading).not.toBe('Jun 1');
      expect(seen.screenName).not.toBe('Jun 1');
    });

    /** What a frame offers to click: its buttons' and links' labels. */
    const controlLabels = (seen: ReturnType<typeof understandPage>) =>
      seen.elements.filter((e) => e.kind === 'button' || e.kind === 'link').map((e) => e.label);

    it("should take the last line of a wrapped comment ('next time') for its end, not a button, and a line apart for one", () => {
      const phone = { width: 390, height: 844 };
      const comments = page([
        lineOf('Comments', 150, 250, 15),
        lineOf('ana_rivers 2h', 56, 440, 12),
        lineOf('Menya Kato never misses. Get the spicy miso', 56, 458, 13),
        lineOf('Next time', 56, 476, 13),
        lineOf('Reply - 8 likes', 56, 496, 11),
        lineOf('Learn more', 56, 640, 13),
      ], phone);
      const labels = controlLabels(understandPage(comments, frame(1, phone)));
      expect(labels).not.toContain('Next time');
      expect(labels).toContain('Learn more');
    });

    it("should not name a screen after a word whose first letter its tile cut off ('ilk' beside a 'Milk' read whole)", () => {
      const phone = { width: 390, height: 844 };
      const exercise = (moving: string) =>
        understandPage(page([lineOf(moving, 150, 300, 30), lineOf('Coffee', 40, 600, 16), lineOf('Milk', 200, 600, 16), lineOf('Tea', 40, 660, 16)], phone), frame(1, phone));
      expect(exercise('ilk').heading ?? '').not.toMatch(/ilk/i);
      // A word of its own stays a heading, whatever it shares with a word beside it.
      expect(exercise('Silk').heading).toBe('Silk');
    });

    it("should take a sort menu whose icon read as stray glyphs ('Ut Sort by') for the sort menu, and a word before it for none", () => {
      const selects = (label: string) =>
        understandPage(page([lineOf('Dermatologists near Boston, MA', 300, 180, 24), lineOf(label, 45, 187, 14), lineOf('Best match', 59, 226, 11)]), frame(1))
          .elements.filter((e) => e.kind === 'select').map((e) => e.label);
      expect(selects('Ut Sort by')).toEqual(['Sort by']);
      expect(selects('It Sort by')).toEqual([]);
    });

    it("should take the first line of a wrapped card title ('Checkout button overlaps / promo banner') for its start, not a button", () => {
      const board = page([
        lineOf('Website', 200, 60, 26),
        lineOf('Checkout button overlaps', 300, 200, 13),
        lineOf('promo banner on Safari 17', 300, 218, 13),
        lineOf('Continue with Google', 300, 400, 13),
        lineOf('Continue with SAML SSO', 300, 440, 13),
      ]);
      const labels = controlLabels(understandPage(board, frame(1)));
      expect(labels).not.toContain('Checkout button overlaps');
      // A stack of buttons, each a capitalised label of its own, stays a stack of buttons.
      expect(labels).toEqual(expect.arrayContaining(['Continue with Google', 'Continue with SAML SSO']));
    });

    it("should keep a cookie banner's sentence and buttons among the screen's controls, and out of its name", () => {
      const home = page([
        lineOf('Good journalism, every morning', 200, 120, 30),
        lineOf('Read the stories that matter to you', 200, 180, 14),
        lineOf('We use cookies', 200, 640, 14),
        lineOf('We use cookies to measure our audience and personalise content.', 200, 662, 12),
        lineOf('Manage preferences', 900, 650, 12),
        lineOf('Accept all', 1080, 650, 12),
      ]);
      const seen = understandPage(home, frame(0));
      expect(seen.screenName).not.toMatch(/cookie|accept|manage/i);
      expect(seen.elements).toEqual(expect.arrayContaining([
        { kind: 'text', label: 'We use cookies' },
        { kind: 'button', label: 'Accept all' },
      ]));
      const plain = understandPage(page([lineOf('Good journalism, every morning', 200, 120, 30), lineOf('Accept all', 1080, 650, 12)]), frame(0));
      expect(plain.elements).not.toContainEqual({ kind: 'text', label: 'We use cookies' });
    });

    it("should keep a dense page above a cookie banner, and a footer's 'Cookie settings' link, out of the banner", () => {
      const stories = Array.from({ length: 24 }, (_, i) => lineOf(`Story number ${'abcdefghijklmnopqrstuvwx'[i]}wing ahead`, 200, 100 + i * 22, 12));
      const dense = understandPage(page([...stories, lineOf('We use cookies to measure our audience', 200, 640, 12), lineOf('Accept all', 1080, 640, 12)]), frame(1));
      expect(dense.words).toContain('awing');
      expect(dense.words).not.toContain('audience');
      const footer = understandPage(page([lineOf('Privacy policy', 200, 640, 12), lineOf('Cookie settings', 360, 640, 12), lineOf('Help center', 520, 640, 12)]), frame(1));
      expect(footer.words).toEqual(expect.arrayContaining(['privacy', 'cookie', 'help']));
    });

    it("should take a footer's columns of links over its legal line for links, whatever verb starts them, and such lines elsewhere for buttons", () => {
      const footer = (legal: string) =>
        page([
          lineOf('Find work that works for you', 200, 120, 30),
          lineOf('Employers', 600, 480, 13),
          lineOf('Post a job', 600, 502, 13),
          lineOf('Search resumes', 600, 524, 13),
          lineOf('Hiring events', 600, 546, 13),
          lineOf(legal, 200, 650, 11),
        ]);
      const kindOf = (seen: ReturnType<typeof understandPage>, label: string) => seen.elements.find((e) => e.label === label)?.kind;
      const site = understandPage(footer('© 2025 Workwell Inc.'), frame(1));
      expect(kindOf(site, 'Post a job')).toBe('link');
      expect(site.elements.filter((e) => e.kind === 'link').map((e) => e.label)).toEqual(expect.arrayContaining(['Post a job', 'Hiring events']));
      expect(kindOf(understandPage(footer('Questions? Write to us any time'), frame(1)), 'Post a job')).toBe('button');
    });

    it('should correct a misread heading before naming the screen by it', () => {
      const seen = understandPage(page([lineOf('Chcckout', 200, 120, 30), lineOf('Review your items before paying', 200, 200, 14)]), frame(1));
      expect(seen.heading).toBe('Checkout');
      expect(seen.screenName).toBe('Checkout');
    });

    it('should fall back to the kind of page when the heading is noise', () => {
      const login = page([
        lineOf('Xqzv Wkrtj', 200, 100, 30),
        lineOf('Email', 200, 200, 14),
        lineOf('Password', 200, 260, 14),
        lineOf('Sign in', 200, 330, 14),
      ]);
      const seen = understandPage(login, frame(1));
      expect(seen.heading).toBeUndefined();
      expect(seen.screenName).toBe('Login');
    });

    it("should read a field's label phrased as what to do as the field, and a bare verb and object as a button", () => {
      const signUp = page([
        lineOf('Create your account', 200, 100, 30),
        lineOf('Choose a username', 200, 200, 14),
        lineOf('Create a password', 200, 260, 14),
        lineOf('Confirm your password', 200, 320, 14),
        lineOf('Create account', 200, 400, 14),
      ]);
      const kinds = understandPage(signUp, frame(1)).elements.map((e) => [e.kind, e.label]);
      expect(kinds).toEqual(expect.arrayContaining([['input', 'Username'], ['input', 'Password'], ['button', 'Create account']]));
      expect(kinds.filter(([kind]) => kind === 'button')).toEqual([['button', 'Create account']]);
      // An object that is no field's stays the button it reads as.
      const projects = understandPage(page([lineOf('Projects', 200, 100, 30), lineOf('Create a project', 200, 300, 14)]), frame(1));
      expect(projects.elements).toContainEqual({ kind: 'button', label: 'Create Project' });
    });

    it('should name a detail opened from a list after the list met earlier in the video', () => {
      const context = {};
      const list = page([lineOf('Workouts', 40, 100, 30), lineOf('Full-Body Strength', 40, 200, 16), lineOf('Morning Flow', 40, 260, 16)]);
      expect(understandPage(list, frame(1), context).screenName).toBe('Workouts');
      const detail = page([
        lineOf('42 min', 40, 300, 16),
        lineOf('Overview', 40, 360, 14),
        lineOf('Exercises', 300, 360, 14),
        lineOf('Reviews', 560, 360, 14),
        lineOf('Six compound moves, three rounds each', 40, 420, 14),
      ]);
      expect(understandPage(detail, frame(2), context).screenName).toBe('Workout Detail');
      expect(understandPage(detail, frame(2)).screenName).not.toBe('Workout Detail');
    });

    it('should leave a label that is only noise out of the elements, so it never names an event', () => {
      const seen = understandPage(page([lineOf('Your plan', 200, 100, 30), lineOf('Qzxv', 200, 200, 14), lineOf('Learn more', 200, 260, 14)]), frame(1));
      const labels = seen.elements.map((element) => element.label);
      expect(labels).toContain('Learn more');
      expect(labels).not.toContain('Qzxv');
    });

    /** Draws a 1 px grey outline `pad` pixels around a box, as a white select or secondary button has. */
    function outline(target: OcrPage, box: Box, pad: number, sides: 'all' | 'rules' = 'all'): void {
      const [left, top] = [Math.round(box.x - pad), Math.round(box.y - pad)];
      const [right, bottom] = [Math.round(box.x + box.width + pad), Math.round(box.y + box.height + pad)];
      for (let x = left; x <= right; x += 1) {
        target.gray[top * width + x] = 200;
        target.gray[bottom * width + x] = 200;
      }
      for (let y = top; y <= bottom && sides === 'all'; y += 1) {
        target.gray[y * width + left] = 200;
        target.gray[y * width + right] = 200;
      }
    }

    it('should take an outlined control showing its facet and value for a select, and the same words unframed or in a table row for none', () => {
      const status = lineOf('Status: Pending', 1100, 94, 13);
      const lines = [lineOf('Open conversations', 260, 90, 22), status, lineOf('Refund not received for order 4471', 260, 170, 13)];
      const framed = page(lines);
      outline(framed, status.box, 8);
      expect(understandPage(framed, frame(1)).elements).toContainEqual({ kind: 'select', label: 'Status: Pending' });
      const unframed = understandPage(page(lines), frame(1)).elements;
      expect(unframed.filter((element) => element.kind === 'select')).toEqual([]);
      const tableRow = page(lines);
      outline(tableRow, status.box, 8, 'rules');
      expect(understandPage(tableRow, frame(1)).elements.filter((element) => element.kind === 'select')).toEqual([]);
    });

    it("should name a screen by its title rather than a question set larger ('Where to?' in its search field)", () => {
      const places = [lineOf('2418 Folsom St, San Francisco, CA', 420, 300, 13), lineOf('Salesforce Tower, 415 Mission St', 420, 340, 13)];
      const lines = [lineOf('Plan your ride', 400, 90, 20), lineOf('Where to?', 400, 160, 26), lineOf('Saved places', 400, 260, 13), ...places];
      expect(understandPage(page(lines), frame(1)).heading).toBe('Plan your ride');
      const asked = [lineOf('Where should we send it?', 400, 90, 26), lineOf('Delivery address', 400, 160, 13), ...places];
      expect(understandPage(page(asked), frame(1)).heading).toBe('Where should we send it?');
    });

    /** Paints a dark fill around a box, `padX` beside it and `padY` above and below, as a call to action or a toast has. */
    function fill(target: OcrPage, box: Box, padX: { left: number; right: number }, padY: number): void {
      for (let y = Math.round(box.y - padY); y <= Math.round(box.y + box.height + padY); y += 1) {
        for (let x = Math.round(box.x - padX.left); x <= Math.round(box.x + box.width + padX.right); x += 1) {
          target.color.rgb.set([80, 60, 200], (y * width + x) * 3);
        }
      }
    }

    it('should take a label centred in a wide filled shape for a button, and text at the left of a dark strip for none', () => {
      const heading = lineOf('Checkout', 120, 90, 24);
      const cta = lineOf('Complete purchase', 960, 457, 15);
      const wide = page([heading, cta]);
      fill(wide, cta.box, { left: 95, right: 95 }, 18);
      expect(understandPage(wide, frame(1)).elements).toContainEqual({ kind: 'button', label: 'Complete purchase' });
      const toast = lineOf('Job saved to your list', 60, 600, 13);
      const strip = page([heading, toast]);
      fill(strip, toast.box, { left: 14, right: 900 }, 12);
      expect(understandPage(strip, frame(1)).elements.filter((element) => element.kind === 'button')).toEqual([]);
    });

    it("should read a button whose icon reads as a stray character ('1 Export CSV') by its label", () => {
      const seen = understandPage(page([lineOf('Events', 260, 90, 22), lineOf('1 Export CSV', 1100, 94, 13)]), frame(1));
      expect(seen.elements).toContainEqual({ kind: 'button', label: 'Export CSV' });
    });

    /** A frame read and laid out under `heading`, its words read as they stand in it. */
    function readingOf(heading: string, extra: Partial<PageReading> = {}): PageReading {
      return {
        evidence: { heading, texts: [], elements: [{ kind: 'heading', label: heading }], navCount: 0, heroHeading: false, isModal: false, isFirstFrame: false },
        actions: [],
        consent: [],
        words: [],
        read: heading.split(' ').map((text) => ({ text, confidence: 92 })),
        ...extra,
      };
    }

    /** The words of a recording in which `read` was read `times` times. */
    function recordingOf(read: PageReading['read'], times: number): RecordingWords {
      const words = new RecordingWords();
      for (let i = 0; i < times; i += 1) words.addReading(read);
      return words;
    }

    it('should keep a brand in a name when several readings of the video agree on it, and not when one does', () => {
      const reading = readingOf('Tunewave Premium');
      expect(finishPage(reading, recordingOf(reading.read, 4)).screenName).toBe('Tunewave Premium');
      const misread = 'Tunewave Premiurn Plans';
      const once = recordingOf([{ text: misread, confidence: 92 }], 1);
      expect(finishPage({ ...reading, evidence: { ...reading.evidence, heading: misread } }, once).heading).toBe('Premium Plans');
    });

    it('should not name a screen after the site when its heading is the brand', () => {
      const reading = readingOf('Tunewave', { brand: 'Tunewave' });
      const home = { ...reading, evidence: { ...reading.evidence, elements: [], navCount: 4 } };
      expect(finishPage(home, recordingOf(reading.read, 4)).screenName).toBe('');
    });
  });

  describe('a pill read with its rounded ends', () => {
    /** What one OCR line becomes: its text and whether it was read as a pill. */
    const itemOf = (text: string): Pick<TextItem, 'text' | 'pill'> | undefined => {
      const box = { x: 100, y: 100, width: text.length * 8, height: 16 };
      const [item] = splitIntoItems([{ text, confidence: 92, box, words: [{ text, confidence: 92, box }] }]);
      return item && { text: item.text, pill: item.pill };
    };

    it("should find the label inside ends read as brackets or a 'C' ('Csign in)'), and nothing in a plain text", () => {
      expect(itemOf('Csign in)')).toEqual({ text: 'Sign in', pill: true });
      expect(itemOf('(Reschedule a visit)')).toEqual({ text: 'Reschedule a visit', pill: true });
      expect(itemOf('Book now]')?.text).toBe('Book now');
      expect(itemOf('Contact us)')).toEqual({ text: 'Contact us', pill: true });
      expect(itemOf('Dermatologists near Boston, MA')).toEqual({ text: 'Dermatologists near Boston, MA', pill: undefined });
      expect(itemOf('Reviews (312)')).toEqual({ text: 'Reviews (312)', pill: undefined });
    });
  });

  describe('a word split at a gap in its letters', () => {
    /** One OCR line of words at these x positions, 16 px tall, 8 px a letter. */
    const lineOf = (...words: Array<[string, number]>): OcrLine => {
      const boxed = words.map(([text, x]) => ({ text, confidence: 90, box: { x, y: 100, width: text.length * 8, height: 16 } }));
      const last = boxed[boxed.length - 1]!.box;
      return { text: words.map(([text]) => text).join(' '), confidence: 90, box: { x: words[0]![1], y: 100, width: last.x + last.width - words[0]![1], height: 16 }, words: boxed };
    };

    it("should read 'See availal' and 'ity' a button's width apart as one label, 'See availability'", () => {
      expect(splitIntoItems([lineOf(['See', 100], ['availal', 134], ['ity', 220])]).map((item) => item.text)).toEqual(['See availability']);
    });

    it("should read on across the line tesseract ended at the gap: 'See availal', then 'ity'", () => {
      const items = splitIntoItems([lineOf(['ity', 220], ['>', 248]), lineOf(['Price', 100]), lineOf(['See', 100], ['availal', 134])]);
      expect(items.map((item) => item.text)).toEqual(['Price', 'See availability']);
    });

    it('should keep apart words that are words, and fragments a column apart', () => {
      expect(splitIntoItems([lineOf(['Wish', 100], ['list', 164])]).map((item) => item.text)).toEqual(['Wish', 'list']);
      expect(splitIntoItems([lineOf(['availal', 100], ['ity', 300])]).map((item) => item.text)).toEqual(['availal', 'ity']);
    });
  });

  describe('the selected navigation entry', () => {
    /** A light sidebar with four entries; `paint` colours one entry's surroundings. */
    function sidebar(paint?: { index: number; rgb: [number, number, number] }): { image: ColorImage; items: TextItem[] } {
      const width = 200;
      const height = 240;
      const rgb = new Uint8Array(width * height * 3).fill(245);
      const items = [0, 1, 2, 3].map((i) => item(['Inbox', 'Projects', 'Reports', 'Settings'][i] ?? '', { x: 30, y: 30 + i * 50, width: 80, height: 16 }));
      items.forEach((entry, i) => {
        const highlighted = paint?.index === i;
        for (let y = entry.box.y - 10; y < entry.box.y + entry.box.height + 10; y += 1) {
          for (let x = 10; x < 190; x += 1) {
            const at = (y * width + x) * 3;
            const inText = x >= entry.box.x && x < entry.box.x + entry.box.width && y >= entry.box.y + 3 && y < entry.box.y + 13 && x % 3 === 0;
            const [r, g, b] = inText ? [40, 40, 40] : highlighted && paint ? paint.rgb : [245, 245, 245];
            rgb[at] = r;
            rgb[at + 1] = g;
            rgb[at + 2] = b;
          }
        }
      });
      return { image: { width, height, rgb, scale: 1 }, items };
    }

    it('should pick the entry with the highlighted background', () => {
      const { image, items } = sidebar({ index: 2, rgb: [199, 210, 254] });
      expect(activeItem(items, image)?.text).toBe('Reports');
    });

    it('should not pick an entry set fainter than the others: a secondary link beside the menu', () => {
      const { image, items } = sidebar();
      const faint = items[3]!.box;
      for (let y = faint.y + 3; y < faint.y + 13; y += 1) {
        for (let x = faint.x; x < faint.x + faint.width; x += 3) image.rgb.fill(150, (y * image.width + x) * 3, (y * image.width + x) * 3 + 3);
      }
      expect(activeItem(items, image)).toBeUndefined();
    });

    it('should pick none when every entry looks alike', () => {
      const { image, items } = sidebar();
      expect(activeItem(items, image)).toBeUndefined();
    });
  });
});
