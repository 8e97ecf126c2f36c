import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

export function HomePage() {
  usePageMeta(
    'Relaycast',
    'Supercharge your social media with an AI-powered tool: create, schedule, post, analyse and stream from one app.',
  );
  return (
    <main className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
        Supercharge your social media with an AI-powered tool
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
        Create posts with AI, schedule them at the best times, publish everywhere, answer your audience and go
        live on every platform at once.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/signup">Get Started</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/features">See features</Link>
        </Button>
      </div>
    </main>
  );
}
