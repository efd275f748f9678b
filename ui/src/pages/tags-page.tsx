import { TagsScreen } from '../tags/tags-screen';

/** /tags — the company's tags, for everyone signed in (spec part 1 §2 menu: always). */
export function TagsPage() {
  return <TagsScreen />;
}
