-- One device, one row (docs/decisions/0032): push endpoints are stored in the spelling the URL
-- standard gives them (common/push.ts canonicalEndpoint): scheme and host lower-case and ASCII,
-- full-width letters, digits and stops folded, the scheme's default port dropped. Rows stored
-- before in other spellings are rewritten; where several spellings named one device, the one
-- subscribed last is kept (with its pending notifications), the others go with theirs. A row
-- whose host no push service has (a local stand-in named otherwise than 127.0.0.1 or localhost)
-- is dropped: its browser subscribes again when the shopper next turns notifications on.
CREATE VIEW `push_endpoint_canonical` AS
WITH RECURSIVE
	`parts` AS (
		SELECT `rowid` AS `id`, `endpoint`, `updated_at`,
			lower(substr(`endpoint`, 1, instr(`endpoint`, '://') - 1)) AS `scheme`,
			substr(`endpoint`, instr(`endpoint`, '://') + 3) AS `rest`
		FROM `push_subscriptions`
	),
	`split` AS (
		SELECT `id`, `endpoint`, `updated_at`, `scheme`,
			CASE WHEN instr(`rest`, '/') > 0 THEN substr(`rest`, 1, instr(`rest`, '/') - 1) ELSE `rest` END AS `host_as_sent`,
			CASE WHEN instr(`rest`, '/') > 0 THEN substr(`rest`, instr(`rest`, '/')) ELSE '/' END AS `path`
		FROM `parts`
	),
	-- The host one character at a time: a full-width form (U+FF01-U+FF5E) becomes its ASCII
	-- character, the ideographic full stop a stop.
	`folding` (`id`, `left`, `folded`) AS (
		SELECT `id`, `host_as_sent`, '' FROM `split`
		UNION ALL
		SELECT `id`, substr(`left`, 2), `folded` || CASE
			WHEN unicode(`left`) BETWEEN 65281 AND 65374 THEN char(unicode(`left`) - 65248)
			WHEN unicode(`left`) = 12290 THEN '.'
			ELSE substr(`left`, 1, 1) END
		FROM `folding` WHERE `left` <> ''
	),
	`hosts` AS (
		SELECT `split`.`id`, `endpoint`, `updated_at`, `scheme`, lower(`folded`) AS `host`, `path`
		FROM `split` JOIN `folding` ON `folding`.`id` = `split`.`id` AND `folding`.`left` = ''
	),
	`ported` AS (
		SELECT `id`, `endpoint`, `updated_at`, `scheme`, `path`,
			CASE WHEN `scheme` = 'https' AND `host` GLOB '*:443' THEN substr(`host`, 1, length(`host`) - 4)
				WHEN `scheme` = 'http' AND `host` GLOB '*:80' THEN substr(`host`, 1, length(`host`) - 3)
				ELSE `host` END AS `host`
		FROM `hosts`
	)
SELECT `id`, `endpoint`, `updated_at`, `scheme` || '://' || `host` || `path` AS `canonical`,
	`host` GLOB '*[^a-z0-9.:-]*'
		OR `scheme` NOT IN ('https', 'http')
		OR (`scheme` = 'http' AND `host` NOT GLOB '127.0.0.1:[0-9]*' AND `host` NOT GLOB 'localhost:[0-9]*') AS `unusable`
FROM `ported`;
--> statement-breakpoint
DELETE FROM `push_subscriptions` WHERE `rowid` IN (SELECT `id` FROM `push_endpoint_canonical` WHERE `unusable`);
--> statement-breakpoint
DELETE FROM `push_subscriptions` WHERE `rowid` IN (
	SELECT `spelling`.`id` FROM `push_endpoint_canonical` AS `spelling`
	WHERE EXISTS (
		SELECT 1 FROM `push_endpoint_canonical` AS `later`
		WHERE `later`.`canonical` = `spelling`.`canonical`
			AND (`later`.`updated_at` > `spelling`.`updated_at`
				OR (`later`.`updated_at` = `spelling`.`updated_at` AND `later`.`id` > `spelling`.`id`))
	)
);
--> statement-breakpoint
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
UPDATE `push_outbox` SET `endpoint` = (SELECT `canonical` FROM `push_endpoint_canonical` WHERE `endpoint` = `push_outbox`.`endpoint`)
WHERE `endpoint` IN (SELECT `endpoint` FROM `push_endpoint_canonical` WHERE `canonical` <> `endpoint`);
--> statement-breakpoint
UPDATE `push_subscriptions` SET `endpoint` = (SELECT `canonical` FROM `push_endpoint_canonical` WHERE `id` = `push_subscriptions`.`rowid`)
WHERE `rowid` IN (SELECT `id` FROM `push_endpoint_canonical` WHERE `canonical` <> `endpoint`);
--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
--> statement-breakpoint
DROP VIEW `push_endpoint_canonical`;
