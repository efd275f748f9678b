import { Spinner, Tag } from '@blueprintjs/core';

/** A list's size beside its title: a small spinner until the first answer, never a "0" that is not known yet. */
export function CountTag({
  count,
  loaded,
  className,
  testId,
  title,
}: {
  count: number | string;
  loaded: boolean;
  className?: string;
  testId?: string;
  /** A hint on hover (e.g. why a count reads "100+"). */
  title?: string;
}) {
  return (
    <Tag round minimal className={className} data-testid={testId} aria-busy={!loaded} title={title}>
      {loaded ? count : <Spinner size={10} />}
    </Tag>
  );
}
