import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS } from '../lib/paths.ts';

/**
 * The accessibility statement: the standard, what was checked and how, what is known not to
 * work, and how to tell the club. What it says is checked by apps/web/e2e/accessibility.e2e.test.ts
 * (reflow, text spacing, focus under the sticky header) and by axe in every journey; keep the two
 * in step when a page changes.
 */
export function AccessibilityPage() {
  return (
    <PageFrame
      title="Accessibility"
      heading="Accessibility Statement"
      lede="Every member and visitor should be able to use this site, whatever their eyesight, hearing or hands, and whatever screen they read it on."
    >
      <h2>The standard</h2>
      <p>
        We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, the standard most public bodies are held to. To our knowledge the site
        meets it, apart from the limits listed below. This statement was written after a review of the whole site in November 2026 and is checked again whenever
        the site changes.
      </p>

      <h2>How we checked</h2>
      <p>Automatic checks run on every change to the site, in a real browser (Chromium):</p>
      <ul>
        <li>
          axe-core, an accessibility checker, on every page: as a visitor and as a member, an editor and the administrator, on a computer screen and at phone
          width.
        </li>
        <li>
          Reflow: every public page and the main member pages, including the event, photo and forum pages and the editors, fit a screen 320 pixels wide without
          scrolling sideways (the same as 400% zoom on a computer).
        </li>
        <li>
          Text spacing: with wider lines, letters, words and paragraphs (the settings WCAG names), no text on those pages is cut off or runs into other text.
        </li>
        <li>On a phone, a control reached with the keyboard is never hidden under the page&rsquo;s top bar.</li>
      </ul>
      <p>By hand, page by page, we also checked what a checker cannot:</p>
      <ul>
        <li>
          Keyboard only: a &ldquo;Skip to main content&rdquo; link comes first, focus moves in reading order and is always shown with a clear outline, menus and
          dialogs open and close with the keyboard (Escape closes them) and give focus back where it was, and after moving to a new page focus goes to its
          heading.
        </li>
        <li>
          Target size: buttons and text fields are at least 44 pixels tall; tick boxes and the few smaller links have at least the room around them that WCAG
          asks for (24 pixels).
        </li>
        <li>Dragging: the one thing you can drag, the square that crops a member&rsquo;s photo, also moves with two sliders.</li>
        <li>
          Logging in: password managers can fill in the e-mail address and password, pasting works, and there is no puzzle to solve. A forgotten password is
          reset with a link sent by e-mail.
        </li>
        <li>
          Consistent help: the contact page is linked from the same place, the foot of every page. Forms do not ask for the same thing twice, and a form that
          finds a mistake names each field to correct at once and keeps what you typed.
        </li>
        <li>Zoom to 200% on a computer: nothing is lost or overlaps, and nothing scrolls sideways.</li>
      </ul>
      <p>
        The review found and fixed these: long page names in the phone&rsquo;s top bar were cut off on the narrowest screens, long words in headings ran off the
        screen with wider letter spacing, the event editor&rsquo;s date fields made its form wider than a small phone, and on phones the top bar could hide the
        link or button you had just tabbed to.
      </p>

      <h2>Known limits</h2>
      <ul>
        <li>
          The PDF files (Valley News, the constitution, the membership application) are not tagged for screen readers. Ask us for the text of any of them.
        </li>
        <li>
          Photos members post have short descriptions made from the post&rsquo;s title (&ldquo;Photo 3 of 12 from&nbsp;&hellip;&rdquo;), not a description of
          each picture.
        </li>
        <li>Videos come from YouTube; whether they have captions depends on who made them.</li>
        <li>
          The date and time fields of the event editor are the browser&rsquo;s own; with very wide letter spacing their digits can be cut off inside the field.
        </li>
        <li>
          The site has not yet been tried by someone who uses a screen reader every day. The pages are built to work with one (headings, landmarks, labelled
          fields and buttons), but we may have missed something.
        </li>
      </ul>

      <h2>Report a problem</h2>
      <p>
        If something on the site is hard or impossible for you to use, please tell us through the <Link to={PATHS.contact}>contact form</Link>: which page, what
        you tried to do, and, if you like, the device or assistive technology you use. A club volunteer reads every message and will answer. If you need
        something in another form, such as a newsletter as plain text or large print, ask the same way, or speak to any board member at a meeting.
      </p>
    </PageFrame>
  );
}
