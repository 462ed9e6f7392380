import { AboutPage } from '../../features/about/about-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AboutRoute() {
  useDocumentTitle('Sobre');
  return <AboutPage />;
}
