/** chat's tables. Its own domain tables arrive with the issues that build chat; the outbox and inbox are here from the start. */
