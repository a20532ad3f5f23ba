/** Landing page `/` (product-spec §1, §2): hero, the three feature blocks, How It Works, plans, call to action. */
import { CallToAction } from '../../components/call-to-action';
import { TrialAndDemoActions } from '../../components/trial-and-demo-actions';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { PlanCards } from '../pricing/plan-cards';
import '../../components/marketing.css';

const FEATURES = [
  {
    title: 'Video Analysis',
    text: 'Upload a recorded demo video of your product; AI analyses it into page specifications.',
    icon: (
      <path d="M4 7a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM16 10l4-2.5v9L16 14" />
    ),
  },
  {
    title: 'Tracking Plans',
    text: 'Event tracking plans with events, properties and funnels. Results can be saved, copied and downloaded.',
    icon: <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
  },
  {
    title: 'Analytics Strategy',
    text: 'AI-powered metrics and KPI recommendations',
    icon: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  },
];

const STEPS = [
  { title: 'Create Project', text: 'Enter product name and description' },
  { title: 'Upload Video', text: 'Supported formats: MP4, MOV, AVI, WebM' },
  { title: 'AI Analysis', text: 'Video processing takes 15-20 minutes' },
  { title: 'Get Insights', text: 'Chat with the AI' },
];

function ProductPreview() {
  // A decorative sketch of the product: a video with its tracking plan table (column names of product-spec §2).
  return (
    <div className="hero__visual" aria-hidden="true">
      <div className="preview">
        <div className="preview__bar">
          <span />
          <span />
          <span />
        </div>
        <div className="preview__body">
          <div className="preview__video">
            <div className="preview__play" />
            <div className="preview__timeline">
              <i />
            </div>
          </div>
          <div className="preview__table">
            <div className="preview__row preview__row--head">
              <span>Event Trigger</span>
              <span>Event Name</span>
              <span>Property</span>
            </div>
            {[70, 55, 80, 62].map((width, index) => (
              <div className="preview__row" key={index}>
                <span>
                  <b style={{ width: `${width}%` }} />
                </span>
                <span>
                  <b className="preview__pill" style={{ width: `${width - 10}%` }} />
                </span>
                <span>
                  <b style={{ width: `${100 - width / 2}%` }} />
                </span>
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="preview__chart">
        {[40, 65, 50, 80, 72, 95].map((height, index) => (
          <i key={index} style={{ height: `${height}%` }} />
        ))}
      </div>
    </div>
  );
}

export default function LandingPage() {
  return (
    <div className="marketing">
      <SiteHeader />
      <main>
        <section className="hero" aria-labelledby="hero-title">
          <div className="hero__inner">
            <div className="hero__copy">
              <h1 id="hero-title" className="hero__title">
                Transform your product video into <span className="hero__accent">actionable analytics</span>
              </h1>
              <p className="hero__text">
                Upload your product video and get comprehensive tracking plans, and analytics strategies
                powered by AI.
              </p>
              <TrialAndDemoActions className="hero__actions" tone="light-background" />
            </div>
            <ProductPreview />
          </div>
        </section>

        <section className="section" aria-label="Features">
          <div className="section__inner feature-grid">
            {FEATURES.map((feature) => (
              <article key={feature.title} className="feature-card">
                <span className="feature-card__icon">
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    {feature.icon}
                  </svg>
                </span>
                <h2 className="feature-card__title">{feature.title}</h2>
                <p className="feature-card__text">{feature.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="section section--soft" aria-labelledby="how-title">
          <div className="section__inner">
            <h2 id="how-title" className="section__title">
              How It Works
            </h2>
            <ol className="steps">
              {STEPS.map((step, index) => (
                <li key={step.title} className="step">
                  <span className="step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 className="step__title">{step.title}</h3>
                  <p className="step__text">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="section" aria-labelledby="pricing-title">
          <div className="section__inner">
            <h2 id="pricing-title" className="section__title">
              Pricing
            </h2>
            <PlanCards />
          </div>
        </section>

        <CallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
