import { useParams } from 'react-router';
import { PageFrame } from '../app/layout/page-frame.tsx';
import { NEW_RECORD_ID } from '../app/paths.ts';
import { RequireLogin } from '../components/require-login.tsx';

export function EditBlogPage() {
  const { articleId } = useParams();
  const isNew = Number(articleId) === NEW_RECORD_ID;
  return (
    <PageFrame title={isNew ? 'New Post' : 'Edit Post'}>
      <RequireLogin what="the photo post editor">
        <p>The form for {isNew ? 'adding a photo post' : 'editing this photo post'} will appear here.</p>
      </RequireLogin>
    </PageFrame>
  );
}
