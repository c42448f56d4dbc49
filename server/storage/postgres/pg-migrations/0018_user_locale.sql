-- Each user's console language: '' follows the browser (then the site's language).
ALTER TABLE users ADD COLUMN locale TEXT COLLATE "C" NOT NULL DEFAULT '' CHECK (locale IN ('', 'en', 'fr'));
