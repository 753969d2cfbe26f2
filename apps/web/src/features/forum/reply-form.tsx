import { Form } from '../../components/form.tsx';
import { readForm } from '../../components/form-values.ts';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useSession } from '../../session/index.ts';
import { useCreatePost } from './api/create-post.ts';

/** The reply box under a thread, for members who may post. */
export function ReplyForm({ threadId }: { threadId: number }) {
  const { can } = useSession();
  const reply = useCreatePost();
  const isApprovedAtOnce = can('moderator');
  return (
    <Form
      className="forum-reply"
      aria-label="Reply"
      submitLabel="Post reply"
      resetOnSuccess
      successMessage={
        isApprovedAtOnce
          ? 'Your reply is posted.'
          : 'Thank you. Your reply waits for a moderator to approve it; until then only you and the moderators can see it.'
      }
      onSubmit={(data) => reply.mutateAsync({ threadId, content: readForm(data, { content: 'text' }).content })}
    >
      <TextAreaField label="Your reply" name="content" required rows={4} maxLength={20000} hint="Line breaks are kept, and web addresses become links." />
    </Form>
  );
}

/** Why the reply box and the New thread button are missing. */
export function CannotPostNote() {
  return (
    <p className="forum-note">
      You can read the forum. Starting threads and replying needs the &ldquo;Post on Forum&rdquo; permission; ask a forum moderator or the club webmaster if you
      would like it.
    </p>
  );
}
