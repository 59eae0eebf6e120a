import wordpress from './applications/wordpress.json';

/**
 * The landing page's example of a price: a WordPress site at its catalogue resources. Read from
 * its one application file, not through the whole catalogue, which would bring every
 * application's file (setup scripts included) into the landing page's bundle (120 KB budget).
 */
export const landingExample = {
  name: wordpress.name,
  cpu: wordpress.resources.cpu,
  ram: wordpress.resources.ram,
  storage: wordpress.resources.storage,
};
