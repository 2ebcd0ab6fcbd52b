"""Games played end to end in Discord, through the double, as people would play them."""
