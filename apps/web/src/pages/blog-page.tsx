import { useParams } from 'react-router';
import { PageFrame } from '../app/layout/page-frame.tsx';

export function BlogPage() {
  const { articleId } = useParams();
  return (
    <PageFrame title="Photos">
      <p>
        {articleId === undefined
          ? 'Photo posts from club drives and events will appear here, five to a page.'
          : 'This photo post, with links to the previous and next posts, will appear here.'}
      </p>
    </PageFrame>
  );
}
