import { usePageTitle } from '../../components/ui/use-page-title';
import { HomeHero } from '../../features/home/components/home-hero';
import { SearchBar } from '../../features/search/components/search-entries';

export function HomeRoute() {
  usePageTitle();
  return (
    <HomeHero>
      <SearchBar />
    </HomeHero>
  );
}
