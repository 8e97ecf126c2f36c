import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta('Page not found', 'There is no page at this address.');
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Unexpected Application Error!</h1>
      <p className="mt-2 text-muted-foreground">
        404: nothing lives at <code className="rounded bg-muted px-1.5 py-0.5">{pathname}</code>.
      </p>
      <Button asChild className="mt-6">
        <Link to="/">Go home</Link>
      </Button>
    </div>
  );
}
