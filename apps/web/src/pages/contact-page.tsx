import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS } from '../lib/paths.ts';
import { ContactForm } from '../features/contact/contact-form.tsx';

export function ContactPage() {
  return (
    <PageFrame
      title="Contact"
      lede="Questions about the club, membership, a car you have found, or help with a restoration? Send us a note and a club officer will reply by e-mail, usually within a few days."
    >
      <div className="panel">
        <ContactForm />
      </div>
      <p>
        You are also welcome to come to a <Link to={PATHS.meetings}>monthly meeting</Link>; no invitation is needed.
      </p>
    </PageFrame>
  );
}
