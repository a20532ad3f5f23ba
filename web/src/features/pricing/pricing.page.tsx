/** Pricing page `/pricing` (product-spec §2, §9): the two plans, the FAQ and a call to action. */
import { CallToAction } from '../../components/call-to-action';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { PlanCards } from './plan-cards';
import '../../components/marketing.css';

const FAQ = [
  {
    question: 'Is there a money-back guarantee?',
    answer: 'Yes. Pro comes with a 30-day money-back guarantee.',
  },
  {
    question: 'Can I change my plan?',
    answer: 'Yes. Plan changes apply at the next billing cycle.',
  },
  {
    question: 'What does the Free plan include?',
    answer:
      '1 video per month of up to 5 minutes, 1 tracking plan per month and 10 analytics strategy messages per month.',
  },
  {
    question: 'How long does video processing take?',
    answer: 'Video processing takes 15-20 minutes.',
  },
  {
    question: 'Which video files can I upload?',
    answer: 'Supported formats: MP4, MOV, AVI, WebM. Maximum file size: 500MB.',
  },
];

export default function PricingPage() {
  return (
    <div className="marketing">
      <SiteHeader showHome />
      <main>
        <section className="section pricing-hero" aria-labelledby="pricing-page-title">
          <div className="section__inner">
            <h1 id="pricing-page-title" className="pricing-hero__title">
              Pricing
            </h1>
            <p className="pricing-hero__text">
              Upload your product video and get comprehensive tracking plans, and analytics strategies powered
              by AI.
            </p>
            <PlanCards headingLevel={2} />
          </div>
        </section>

        <section className="section section--soft" aria-labelledby="faq-title">
          <div className="section__inner section__inner--narrow">
            <h2 id="faq-title" className="section__title">
              FAQ
            </h2>
            <div className="faq">
              {FAQ.map((item, index) => (
                <details key={item.question} className="faq__item" open={index < 2}>
                  <summary className="faq__question">{item.question}</summary>
                  <p className="faq__answer">{item.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </section>

        <CallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
