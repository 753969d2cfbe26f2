import './loading.css';

export type LoadingProps = {
  label?: string;
  /** Inline sits inside a line of text or beside a button; otherwise it is a block. */
  isInline?: boolean;
};

export function Loading({ label = 'Loading…', isInline = false }: LoadingProps) {
  const Tag = isInline ? 'span' : 'div';
  return (
    <Tag className={isInline ? 'loading loading--inline' : 'loading'} role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>{label}</span>
    </Tag>
  );
}
