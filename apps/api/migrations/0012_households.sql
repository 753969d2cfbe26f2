DROP INDEX `members_email_unique`;--> statement-breakpoint
CREATE INDEX `members_email_idx` ON `members` (`email`);--> statement-breakpoint
DROP INDEX `password_resets_token_hash_unique`;--> statement-breakpoint
CREATE INDEX `password_resets_token_hash_idx` ON `password_resets` (`token_hash`);