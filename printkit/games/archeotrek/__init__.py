"""Trek 12: ArchéoTREK — Dig Site sheets, Bone/Skeleton tokens, scoring."""
